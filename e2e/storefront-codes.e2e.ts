import { readFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import { expect, test } from './support/fixtures';
import { krw } from './support/sales-data';
import {
  buyWithCode,
  newBuyer,
  percentCode,
  productWithSample,
  saleOfOrder,
} from './support/storefront-buyer';

/**
 * A discount code and a sample on the reference storefront (examples/member-site), against the
 * real seller center: what the buyer sees and pays, and what the seller then sees of the sale,
 * its buyer and the code.
 */

// Headless Chromium calls itself HeadlessChrome, which the storefront leaves out as a bot: the
// buyer here is a person's browser.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
});

test.describe('a discount code on the storefront', () => {
  test('the buyer pays the reduced price; the seller sees the sale with its buyer and code, the customer and the code’s use', async ({
    page,
    run,
    seller,
    api,
    mailbox,
  }) => {
    const product = await productWithSample(api, run.baseUrl, {
      title: 'Busan food map',
      price: 12,
      pages: 4,
      samplePages: 2,
    });
    await percentCode(api, { code: 'SPRING10', percent: 10 });
    const buyer = newBuyer();

    // The product page lists the sample: anyone may open it before buying.
    await page.goto(`${run.storefrontUrl}/${seller.nickname}/products/${product.id}`);
    const samples = page.getByRole('list', { name: 'Samples' });
    await expect(samples.getByRole('listitem')).toHaveCount(1);
    await expect(samples).toContainText(`${product.fileName} first 2 pages`);
    const downloaded = page.waitForEvent('download');
    await samples.getByRole('link', { name: product.fileName }).click();
    const sample = await readFile(await (await downloaded).path());
    expect((await PDFDocument.load(sample)).getPageCount()).toBe(2);

    // The code, applied, then paid with: 10 % off 16,560 won.
    const sale = await buyWithCode(page, { product, code: 'SPRING10', percent: 10, buyer });
    expect(sale.paid).toBe(14_904);
    await expect(page.getByText(`${krw(sale.paid)} paid with KakaoPay`)).toBeVisible();
    await expect(page.getByText('the code SPRING10 taking ₩1,656 off ₩16,560')).toBeVisible();

    // The seller's page of that sale: what was paid, by whom, with which code.
    const recorded = await saleOfOrder(api, sale.orderId);
    await page.goto(`/sales/${recorded.purchase_id}`);
    await expect(page.getByTestId('sale-amount')).toContainText(krw(sale.paid));
    await expect(page.getByTestId('sale-customer')).toHaveText(sale.buyer.email);
    await expect(page.getByTestId('sale-buyer-name')).toHaveText(sale.buyer.name);
    await expect(page.getByTestId('sale-discount')).toContainText('SPRING10');
    await expect(page.getByTestId('sale-discount')).toContainText(krw(1656));

    // The buyer is one of the seller's customers.
    await page.goto('/customers');
    const customer = page.getByTestId('customer-row').filter({ hasText: sale.buyer.email });
    await expect(customer).toContainText(sale.buyer.name);

    // The code counts its use.
    await page.goto('/discounts');
    const code = page.getByTestId('discount-row').filter({ hasText: 'SPRING10' });
    await expect(code.getByRole('cell').nth(3)).toHaveText('1');

    // The seller writes to the product's buyers; the buyer's mail arrives, with a one-click
    // unsubscribe, in the SMTP server the run's seller center sends through.
    await page.goto('/customers');
    await page.getByRole('link', { name: 'Write to buyers' }).click();
    await page.getByTestId('broadcast-kind-product_update').click();
    await page.getByRole('checkbox', { name: product.title }).check();
    await page.getByTestId('broadcast-subject').fill('Busan food map: new night markets');
    await page.getByTestId('broadcast-body').fill('Three night markets added on pages 3 and 4.');
    await page.getByTestId('broadcast-send').click();
    await expect(page.getByTestId('broadcast-result')).toContainText('1');
    const [mail] = await mailbox.waitFor({ to: sale.buyer.email, subject: /new night markets/ });
    expect(mail?.text).toContain('Three night markets added on pages 3 and 4.');
    expect(mail?.text).toContain(product.title);
  });
});
