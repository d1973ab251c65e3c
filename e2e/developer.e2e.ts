import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { sellerClient } from './support/api';
import { test as base, expect } from './support/fixtures';

/**
 * The developer screen in the browser: a personal API token made in the page works from a
 * script with its scopes and stops at once when revoked; a webhook set in the page reaches a
 * receiver on loopback, signed with the secret the page showed, and its delivery shows in the
 * log (as cards on a phone).
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

interface WebhookReceiver {
  /** Where the server delivers (the server runs with WEBHOOK_ALLOW_LOOPBACK). */
  url: string;
  /** Every delivery so far, in order. */
  received: Received[];
}

const test = base.extend<object, { receiver: WebhookReceiver }>({
  // A webhook receiver on 127.0.0.1 for the worker's tests: answers 200 to every delivery.
  receiver: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      const received: Received[] = [];
      const server = createServer((request, response) => {
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
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await use({ url: `http://127.0.0.1:${port}/hooks/seller-center`, received });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    { scope: 'worker' },
  ],
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
  await expect(page).toHaveURL((url) => url.pathname === '/settings/developer');
  await expect(page.getByRole('heading', { name: 'Developer', level: 1 })).toBeVisible();
}

test.describe('the developer screen', () => {
  test('makes a token that a script uses with its scopes until it is revoked', async ({
    page,
    run,
    seller: _,
  }) => {
    await page.goto('/');
    await openFromAvatarMenu(page);

    const tokens = page.getByTestId('api-tokens-card');
    await expect(tokens.getByTestId('api-tokens-empty')).toBeVisible();
    await tokens.getByLabel('Name').fill('Nightly report');
    await tokens.getByRole('checkbox', { name: 'products:read' }).click();
    await tokens.getByRole('checkbox', { name: 'sales:read' }).click();
    await tokens.getByRole('button', { name: 'Create token' }).click();

    const shown = tokens.getByTestId('new-api-token');
    await expect(shown).toHaveText(/^sc_[\w-]{30,}$/);
    const token = (await shown.textContent()) ?? '';
    await expect(tokens.getByText("you won't see it again", { exact: false })).toBeVisible();
    const listed = tokens.getByTestId('api-token').filter({ hasText: 'Nightly report' });
    await expect(listed.getByTestId('api-token-prefix')).toHaveText(`${token.slice(0, 11)}…`);
    await expect(listed.getByTestId('api-token-last-used')).toHaveText('Never used');

    // From a script: what its two scopes allow, and never the account itself.
    const script = sellerClient(run.baseUrl, token);
    const products = await script.GET('/api/products/my-products');
    expect(products.response.status).toBe(200);
    expect(products.data?.products).toEqual([]);
    const sales = await script.GET('/api/products/stats/sales');
    expect(sales.response.status).toBe(200);
    const account = await script.GET('/api/auth/api-tokens');
    expect(account.response.status).toBe(403);

    await tokens.getByRole('button', { name: 'I have saved it' }).click();
    await expect(tokens.getByTestId('new-api-token')).toHaveCount(0);

    await listed.getByRole('button', { name: 'Revoke: Nightly report' }).click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
    await expect(page.getByText('The token has been revoked.')).toBeVisible();
    await expect(tokens.getByTestId('api-tokens-empty')).toBeVisible();

    const revoked = await script.GET('/api/products/my-products');
    expect(revoked.response.status).toBe(401);
    const revokedSales = await script.GET('/api/products/stats/sales');
    expect(revokedSales.response.status).toBe(401);
  });

  test('sends a signed test event to the webhook and logs its delivery', async ({
    page,
    receiver,
    seller: _,
  }) => {
    await page.goto('/');
    await openFromAvatarMenu(page);

    const webhook = page.getByTestId('webhook-card');
    await expect(webhook.getByTestId('deliveries-empty')).toBeVisible();
    await webhook.getByLabel('Endpoint URL').fill(receiver.url);
    await webhook.getByRole('button', { name: 'Save webhook' }).click();
    const shownSecret = webhook.getByTestId('webhook-secret');
    await expect(shownSecret).toHaveText(/^whsec_/);
    const secret = (await shownSecret.textContent()) ?? '';

    const before = receiver.received.length;
    await webhook.getByRole('button', { name: 'Send test event' }).click();
    const row = webhook.getByTestId('delivery-row').first();
    await expect(row.getByTestId('delivery-status-code')).toHaveText('200');
    await expect(row.getByTestId('delivery-event')).toHaveText('webhook.test');
    await expect(row.getByText('Delivered')).toHaveCount(1);

    expect(receiver.received).toHaveLength(before + 1);
    const delivery = receiver.received[before];
    if (!delivery) throw new Error('the receiver got nothing');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test' });
    expect(delivery.headers['x-webhook-id']).toBe(JSON.parse(delivery.body).id);
    expect(signatureIsValid(delivery.headers['x-signature'], delivery.body, secret)).toBe(true);
    expect(signatureIsValid(delivery.headers['x-signature'], delivery.body, 'whsec_other')).toBe(
      false,
    );
  });

  test.describe('on a phone', () => {
    test.use({ screenSize: 'phone' });

    test('shows the delivery log as cards, within the screen’s width', async ({
      page,
      api,
      receiver,
    }) => {
      const saved = await api.PUT('/api/webhook', {
        body: { url: receiver.url, events: ['sale.created', 'product.updated'] },
      });
      expect(saved.response.status).toBe(200);
      const sent = await api.POST('/api/webhook/test');
      expect(sent.response.status).toBe(202);

      await page.goto('/settings/developer');
      const card = page.getByTestId('delivery-card').first();
      await expect(card.getByTestId('delivery-status-code')).toHaveText('200');
      await expect(page.getByTestId('deliveries-table')).toBeHidden();
      await expect(page.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
      // Against the width the test set: a phone's browser widens `innerWidth` to a wide page.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    });
  });
});
