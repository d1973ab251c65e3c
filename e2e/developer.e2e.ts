import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile, expectPath, openSignedIn, withPage } from './support/browser';
import { sellerApi, sellerFetch } from './support/products';
import { createSeller } from './support/sellers';

/**
 * The developer screen in the browser: a personal API token made in the page works from a
 * script with its scopes and stops at once when revoked; a webhook set in the page reaches a
 * receiver on loopback, signed with the secret the page showed, and its delivery shows in the
 * log (as cards on a phone).
 */

const baseUrl = inject('baseUrl');
const browser = browserForFile();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 (the server runs with WEBHOOK_ALLOW_LOOPBACK): answers 200. */
const received: Received[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  receiverUrl = `http://127.0.0.1:${port}/hooks/seller-center`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** What a receiver checks: `X-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
function signatureIsValid(header: string | string[] | undefined, body: string, secret: string) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex'));
}

/** The developer screen, reached as a seller does: the avatar menu's link. */
async function openFromAvatarMenu(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Developer' }).click();
  await expectPath(page, '/settings/developer');
  await page.getByRole('heading', { name: 'Developer', level: 1 }).waitFor();
}

describe('the developer screen', () => {
  it('makes a token that a script uses with its scopes until it is revoked', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/');
      await openFromAvatarMenu(page);

      const tokens = page.getByTestId('api-tokens-card');
      await tokens.getByTestId('api-tokens-empty').waitFor();
      await tokens.getByLabel('Name').fill('Nightly report');
      await tokens.getByRole('checkbox', { name: 'products:read' }).click();
      await tokens.getByRole('checkbox', { name: 'sales:read' }).click();
      await tokens.getByRole('button', { name: 'Create token' }).click();

      const token = (await tokens.getByTestId('new-api-token').textContent()) ?? '';
      expect(token).toMatch(/^sc_[\w-]{30,}$/);
      await tokens.getByText("you won't see it again", { exact: false }).waitFor();
      const listed = tokens.getByTestId('api-token').filter({ hasText: 'Nightly report' });
      expect(await listed.getByTestId('api-token-prefix').textContent()).toBe(
        `${token.slice(0, 11)}…`,
      );
      expect(await listed.getByTestId('api-token-last-used').textContent()).toBe('Never used');

      // From a script: what its two scopes allow, and never the account itself.
      const products = await sellerApi<{ products: unknown[] }>(
        baseUrl,
        token,
        'GET',
        '/api/products/my-products',
      );
      expect(products.status).toBe(200);
      expect(products.json.products).toEqual([]);
      const sales = await sellerFetch(baseUrl, token, 'GET', '/api/products/stats/sales');
      expect(sales.status).toBe(200);
      const account = await sellerFetch(baseUrl, token, 'GET', '/api/auth/api-tokens');
      expect(account.status).toBe(403);

      await tokens.getByRole('button', { name: 'I have saved it' }).click();
      expect(await tokens.getByTestId('new-api-token').count()).toBe(0);

      await listed.getByRole('button', { name: 'Revoke: Nightly report' }).click();
      await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
      await page.getByText('The token has been revoked.').waitFor();
      await tokens.getByTestId('api-tokens-empty').waitFor();

      const revoked = await sellerFetch(baseUrl, token, 'GET', '/api/products/my-products');
      expect(revoked.status).toBe(401);
      const revokedSales = await sellerFetch(baseUrl, token, 'GET', '/api/products/stats/sales');
      expect(revokedSales.status).toBe(401);
    });
  });

  it('sends a signed test event to the webhook and logs its delivery', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/');
      await openFromAvatarMenu(page);

      const webhook = page.getByTestId('webhook-card');
      await webhook.getByTestId('deliveries-empty').waitFor();
      await webhook.getByLabel('Endpoint URL').fill(receiverUrl);
      await webhook.getByRole('button', { name: 'Save webhook' }).click();
      const secret = (await webhook.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);

      const before = received.length;
      await webhook.getByRole('button', { name: 'Send test event' }).click();
      const row = webhook.getByTestId('delivery-row').first();
      await expect
        .poll(() => row.getByTestId('delivery-status-code').textContent(), { timeout: 15_000 })
        .toBe('200');
      expect(await row.getByTestId('delivery-event').textContent()).toBe('webhook.test');
      expect(await row.getByText('Delivered').count()).toBe(1);

      const delivery = received[before];
      expect(received).toHaveLength(before + 1);
      if (!delivery) throw new Error('the receiver got nothing');
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test' });
      expect(delivery.headers['x-webhook-id']).toBe(JSON.parse(delivery.body).id);
      expect(signatureIsValid(delivery.headers['x-signature'], delivery.body, secret)).toBe(true);
      expect(signatureIsValid(delivery.headers['x-signature'], delivery.body, 'whsec_other')).toBe(
        false,
      );
    });
  });

  it('shows the delivery log as cards on a phone, within the screen’s width', async () => {
    const seller = await createSeller(baseUrl);
    const saved = await sellerApi(baseUrl, seller.token, 'PUT', '/api/webhook', {
      url: receiverUrl,
      events: ['sale.created', 'product.updated'],
    });
    expect(saved.status).toBe(200);
    const test = await sellerApi(baseUrl, seller.token, 'POST', '/api/webhook/test');
    expect(test.status).toBe(202);

    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/settings/developer');
      const card = page.getByTestId('delivery-card').first();
      await expect
        .poll(() => card.getByTestId('delivery-status-code').textContent(), { timeout: 15_000 })
        .toBe('200');
      expect(await page.getByTestId('deliveries-table').isVisible()).toBe(false);
      expect(await page.getByLabel('Endpoint URL').inputValue()).toBe(receiverUrl);
      // Against the width the test set: a phone's browser widens `innerWidth` to a wide page.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    });
  });
});
