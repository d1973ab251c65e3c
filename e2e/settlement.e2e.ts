import { describe, expect, inject, it } from 'vitest';
import {
  browserForFile,
  expectPath,
  failedRequest,
  openSignedIn,
  withPage,
} from './support/browser';
import { sellerApi } from './support/products';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const field = (name: string) => `#settlement-${name.replace('.', '-')}`;

describe('/settlement', () => {
  it('saves the three methods, shows success for 3 s, and keeps the values after a reload', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/settlement');
      await page.getByRole('heading', { name: 'Settlement', level: 1 }).waitFor();
      // A fresh seller starts empty, on the Alipay tab, with the phone hint.
      expect(await page.locator(field('alipay.phone')).inputValue()).toBe('');
      await page.getByText('+86 followed by 11 digits').waitFor();

      await page.locator(field('alipay.phone')).fill('+86 138-1234-5678');
      await page.locator(field('alipay.realName')).fill('王伟');
      await page.getByRole('tab', { name: 'Bank transfer' }).click();
      await page.getByText('Only needed for international transfers').waitFor();
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
      await success.getByText('Your settlement information has been saved.').waitFor();
      const shownAt = Date.now();
      await success.waitFor({ state: 'detached', timeout: 8_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(2_000);

      await page.reload();
      await page.locator(field('alipay.phone')).waitFor();
      // Stored in one form: +86, a space, the 11 digits; SWIFT in capitals.
      expect(await page.locator(field('alipay.phone')).inputValue()).toBe('+86 13812345678');
      expect(await page.locator(field('alipay.realName')).inputValue()).toBe('王伟');
      expect(await page.locator(field('bank.name')).inputValue()).toBe('Kookmin Bank');
      expect(await page.locator(field('bank.account')).inputValue()).toBe('123-456-7890');
      expect(await page.locator(field('bank.accountHolder')).inputValue()).toBe('김민수');
      expect(await page.locator(field('bank.swiftCode')).inputValue()).toBe('CZNAKRSE');
      expect(await page.locator(field('bank.branch')).inputValue()).toBe('Gangnam');
      expect(await page.locator(field('paypal.email')).inputValue()).toBe('payouts@example.com');
      expect(await page.locator(field('paypal.accountHolder')).inputValue()).toBe('Minsu Kim');
    });
  });

  it('shows the server validation errors under their fields, on the tab that has them', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [failedRequest(400)] },
      async ({ page }) => {
        await openSignedIn(page, seller.token, '/settlement');
        await page.locator(field('alipay.phone')).waitFor();
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
        await error.waitFor();
        expect(await error.textContent()).toBe(
          'A SWIFT code has 8 or 11 letters and digits, e.g. KOEXKRSE.',
        );
        expect(await page.locator(field('bank.swiftCode')).getAttribute('aria-invalid')).toBe(
          'true',
        );
        expect(
          await page.getByRole('tab', { name: 'Bank transfer' }).getAttribute('aria-selected'),
        ).toBe('true');
        await page.getByTestId('settlement-error').waitFor();

        // Fixing the field clears its error; the save then succeeds.
        await page.locator(field('bank.swiftCode')).fill('KOEXKRSE');
        expect(await error.count()).toBe(0);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByTestId('settlement-success').waitFor();
      },
    );
  });

  it('is reachable from the navigation and shows texts in Korean', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/?lng=ko');
      await page
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '정산' })
        .click();
      await page.getByRole('heading', { name: '정산 정보', level: 1 }).waitFor();
      await page.getByRole('tab', { name: '계좌 이체' }).waitFor();
    });
  });

  it('refuses a save with nothing filled in, and says which methods are set up', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/settlement');
      await page.locator(field('alipay.phone')).waitFor();
      const tab = (method: string) => page.getByTestId(`tab-${method}`);
      for (const method of ['alipay', 'bank', 'paypal']) {
        expect(await tab(method).getAttribute('data-set-up')).toBe('false');
      }
      expect(await page.getByTestId('method-status-alipay').textContent()).toBe(
        'This method is not set up yet.',
      );

      // Nothing to pay the seller with: refused, and nothing is sent.
      let sent = 0;
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().includes('/settlement-info')) sent++;
      });
      await page.getByRole('button', { name: 'Save' }).click();
      const error = page.getByTestId('settlement-error');
      await error.getByText('Fill in at least one payout method before saving.').waitFor();
      expect(await page.getByTestId('settlement-success').count()).toBe(0);
      expect(sent).toBe(0);

      // PayPal alone: its tab says it is set up (in its name too), the others do not.
      await page.getByRole('tab', { name: 'PayPal' }).click();
      await page.locator(field('paypal.email')).fill('payouts@example.com');
      await page.locator(field('paypal.accountHolder')).fill('Minsu Kim');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('settlement-success').waitFor();
      expect(sent).toBe(1);
      expect(await tab('paypal').getAttribute('data-set-up')).toBe('true');
      expect(await tab('alipay').getAttribute('data-set-up')).toBe('false');
      expect(await tab('bank').getAttribute('data-set-up')).toBe('false');
      await page.getByRole('tab', { name: 'PayPal (set up)' }).waitFor();
      await page.getByRole('tab', { name: 'Alipay (not set up)' }).waitFor();
      expect(await page.getByTestId('method-status-paypal').textContent()).toBe(
        'This method is set up.',
      );

      // Emptying the only method is refused as well.
      await page.locator(field('paypal.email')).fill('');
      await page.locator(field('paypal.accountHolder')).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await error.getByText('Fill in at least one payout method before saving.').waitFor();
      expect(sent).toBe(1);
    });
  });

  it('asks before leaving with unsaved changes, and not once they are saved', async () => {
    const seller = await createSeller(baseUrl);
    const saved = await sellerApi(baseUrl, seller.token, 'PUT', '/api/auth/settlement-info', {
      paypal: { email: 'payouts@example.com', accountHolder: 'Minsu Kim' },
    });
    expect(saved.status).toBe(200);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/settlement');
      await page.getByRole('tab', { name: 'PayPal' }).click();
      await expect.poll(() => page.locator(field('paypal.email')).inputValue()).not.toBe('');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const dialog = page.getByTestId('leave-dialog');

      // Untouched: the links simply go.
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await expectPath(page, '/');
      await page.goBack();
      await expectPath(page, '/settlement');

      await page.getByRole('tab', { name: 'PayPal' }).click();
      await expect.poll(() => page.locator(field('paypal.email')).inputValue()).not.toBe('');
      await page.locator(field('paypal.accountHolder')).fill('Kim Minsu');
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await dialog.getByText('Your changes to the payout details are not saved.').waitFor();
      await dialog.getByTestId('leave-stay').click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/settlement');
      expect(await page.locator(field('paypal.accountHolder')).inputValue()).toBe('Kim Minsu');

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
      await page.getByTestId('settlement-success').waitFor();
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await expectPath(page, '/');
      expect(await dialog.count()).toBe(0);
    });
  });
});
