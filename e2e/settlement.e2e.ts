import { limits } from '@seller/contract/limits';
import { expect, failedRequest, test } from './support/fixtures';

const field = (name: string) => `#settlement-${name.replace('.', '-')}`;

test.describe('/settlement', () => {
  test('saves the three methods, shows success for 3 s, and keeps the values after a reload', async ({
    page,
    seller: _,
  }) => {
    // The page's clock: the success notice's time is counted without waiting for it.
    await page.clock.install();
    await page.goto('/settlement');
    await expect(page.getByRole('heading', { name: 'Settlement', level: 1 })).toBeVisible();
    // A fresh seller starts empty, on the Alipay tab, with the phone hint.
    await expect(page.locator(field('alipay.phone'))).toHaveValue('');
    await expect(page.getByText('+86 followed by 11 digits')).toBeVisible();

    await page.locator(field('alipay.phone')).fill('+86 138-1234-5678');
    await page.locator(field('alipay.realName')).fill('王伟');
    await page.getByRole('tab', { name: 'Bank transfer' }).click();
    await expect(page.getByText('Only needed for international transfers')).toBeVisible();
    await page.locator(field('bank.name')).fill('Kookmin Bank');
    await page.locator(field('bank.account')).fill('123-456-7890');
    await page.locator(field('bank.accountHolder')).fill('김민수');
    await page.locator(field('bank.swiftCode')).fill('cznakrse');
    await page.locator(field('bank.branch')).fill('Gangnam');
    await page.getByRole('tab', { name: 'PayPal' }).click();
    await page.locator(field('paypal.email')).fill('payouts@example.com');
    await page.locator(field('paypal.accountHolder')).fill('Minsu Kim');

    await page.getByRole('button', { name: 'Save' }).click();
    const success = page.getByTestId('settlement-success');
    await expect(success).toContainText('Your settlement information has been saved.');
    // Stop the page's time just ahead, then move it on: shown for two seconds after it was
    // seen, gone once the notice's three seconds are over.
    const seenAt = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(seenAt + 500);
    await page.clock.runFor(1_500);
    await expect(success).toBeVisible();
    await page.clock.runFor(limits.settlementSuccessMs - 2_000);
    await expect(success).toHaveCount(0);
    await page.clock.resume();

    await page.reload();
    // Stored in one form: +86, a space, the 11 digits; SWIFT in capitals.
    await expect(page.locator(field('alipay.phone'))).toHaveValue('+86 13812345678');
    await expect(page.locator(field('alipay.realName'))).toHaveValue('王伟');
    await expect(page.locator(field('bank.name'))).toHaveValue('Kookmin Bank');
    await expect(page.locator(field('bank.account'))).toHaveValue('123-456-7890');
    await expect(page.locator(field('bank.accountHolder'))).toHaveValue('김민수');
    await expect(page.locator(field('bank.swiftCode'))).toHaveValue('CZNAKRSE');
    await expect(page.locator(field('bank.branch'))).toHaveValue('Gangnam');
    await expect(page.locator(field('paypal.email'))).toHaveValue('payouts@example.com');
    await expect(page.locator(field('paypal.accountHolder'))).toHaveValue('Minsu Kim');
  });

  test.describe('with a refused save', () => {
    test.use({ allowConsoleErrors: [failedRequest(400)] });

    test('shows the server validation errors under their fields, on the tab that has them', async ({
      page,
      seller: _,
    }) => {
      await page.goto('/settlement');
      await expect(page.locator(field('alipay.phone'))).toBeVisible();
      await page.getByRole('tab', { name: 'Bank transfer' }).click();
      await page.locator(field('bank.name')).fill('Kookmin Bank');
      await page.locator(field('bank.account')).fill('123-456-7890');
      await page.locator(field('bank.accountHolder')).fill('Kim Minsu');
      await page.locator(field('bank.branch')).fill('Gangnam');
      await page.locator(field('bank.swiftCode')).fill('ABC');
      await page.getByRole('tab', { name: 'PayPal' }).click();
      await page.getByRole('button', { name: 'Save' }).click();

      // The form moves to the bank tab and puts the message under the SWIFT field.
      const error = page.locator(`${field('bank.swiftCode')}-error`);
      await expect(error).toHaveText('A SWIFT code has 8 or 11 letters and digits, e.g. KOEXKRSE.');
      await expect(page.locator(field('bank.swiftCode'))).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('tab', { name: 'Bank transfer' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByTestId('settlement-error')).toBeVisible();

      // Fixing the field clears its error; the save then succeeds.
      await page.locator(field('bank.swiftCode')).fill('KOEXKRSE');
      await expect(error).toHaveCount(0);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('settlement-success')).toBeVisible();
    });
  });

  test('is reachable from the navigation and shows texts in Korean', async ({
    page,
    seller: _,
  }) => {
    await page.goto('/?lng=ko');
    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: '정산' })
      .click();
    await expect(page.getByRole('heading', { name: '정산 정보', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: '계좌 이체' })).toBeVisible();
  });

  test('refuses a save with nothing filled in, and says which methods are set up', async ({
    page,
    seller: _,
  }) => {
    await page.goto('/settlement');
    await expect(page.locator(field('alipay.phone'))).toBeVisible();
    const tab = (method: string) => page.getByTestId(`tab-${method}`);
    for (const method of ['alipay', 'bank', 'paypal']) {
      await expect(tab(method)).toHaveAttribute('data-set-up', 'false');
    }
    await expect(page.getByTestId('method-status-alipay')).toHaveText(
      'This method is not set up yet.',
    );

    // Nothing to pay the seller with: refused, and nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/settlement-info')) sent++;
    });
    await page.getByRole('button', { name: 'Save' }).click();
    const error = page.getByTestId('settlement-error');
    await expect(error).toContainText('Fill in at least one payout method before saving.');
    await expect(page.getByTestId('settlement-success')).toHaveCount(0);
    expect(sent).toBe(0);

    // PayPal alone: its tab says it is set up (in its name too), the others do not.
    await page.getByRole('tab', { name: 'PayPal' }).click();
    await page.locator(field('paypal.email')).fill('payouts@example.com');
    await page.locator(field('paypal.accountHolder')).fill('Minsu Kim');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('settlement-success')).toBeVisible();
    expect(sent).toBe(1);
    await expect(tab('paypal')).toHaveAttribute('data-set-up', 'true');
    await expect(tab('alipay')).toHaveAttribute('data-set-up', 'false');
    await expect(tab('bank')).toHaveAttribute('data-set-up', 'false');
    await expect(page.getByRole('tab', { name: 'PayPal (set up)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Alipay (not set up)' })).toBeVisible();
    await expect(page.getByTestId('method-status-paypal')).toHaveText('This method is set up.');

    // Emptying the only method is refused as well.
    await page.locator(field('paypal.email')).fill('');
    await page.locator(field('paypal.accountHolder')).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(error).toContainText('Fill in at least one payout method before saving.');
    expect(sent).toBe(1);
  });

  test('asks before leaving with unsaved changes, and not once they are saved', async ({
    page,
    api,
  }) => {
    const saved = await api.PUT('/api/auth/settlement-info', {
      body: { paypal: { email: 'payouts@example.com', accountHolder: 'Minsu Kim' } },
    });
    expect(saved.response.status).toBe(200);
    await page.goto('/settlement');
    await page.getByRole('tab', { name: 'PayPal' }).click();
    await expect(page.locator(field('paypal.email'))).not.toHaveValue('');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const dialog = page.getByTestId('leave-dialog');

    // Untouched: the links simply go.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/settlement');

    await page.getByRole('tab', { name: 'PayPal' }).click();
    await expect(page.locator(field('paypal.email'))).not.toHaveValue('');
    await page.locator(field('paypal.accountHolder')).fill('Kim Minsu');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(dialog).toContainText('Your changes to the payout details are not saved.');
    await dialog.getByTestId('leave-stay').click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/settlement');
    await expect(page.locator(field('paypal.accountHolder'))).toHaveValue('Kim Minsu');

    // Closing the tab asks the browser's own question.
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');

    // Saved: nothing left to lose.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('settlement-success')).toBeVisible();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(dialog).toHaveCount(0);
  });
});
