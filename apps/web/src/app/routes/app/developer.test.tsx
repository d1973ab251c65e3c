// @vitest-environment jsdom
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { signUpSeller } from '@/testing/seller-api';

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps what it was sent. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/seller-center`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** Whether `X-Signature: t=<unix>,v1=<hex>` is the HMAC-SHA256 of `t.body` under `secret`. */
function validSignature(header: string | string[] | undefined, body: string, secret: string) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex'));
}

function withToken(token: string) {
  return { headers: { Authorization: `Bearer ${token}` } };
}

describe('personal API tokens', () => {
  it('creates a token shown once, lists it without its secret, and revokes it', async () => {
    await signUpSeller();
    const { user } = await renderApp('/settings/developer');
    await screen.findByRole('heading', { name: 'Developer', level: 1 });
    const card = screen.getByTestId('api-tokens-card');
    await within(card).findByTestId('api-tokens-empty');

    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(await within(card).findByText('Please give the token a name.')).toBeTruthy();
    expect(within(card).getByText('Please choose at least one scope.')).toBeTruthy();

    await user.type(within(card).getByLabelText('Name'), 'Inventory sync');
    await user.click(within(card).getByRole('checkbox', { name: 'products:read' }));
    await user.click(within(card).getByRole('checkbox', { name: 'sales:read' }));
    await user.click(within(card).getByRole('button', { name: 'Create token' }));

    const shown = await within(card).findByTestId('new-api-token');
    const token = shown.textContent ?? '';
    expect(token).toMatch(/^sc_[\w-]{30,}$/);
    expect(within(card).getByText(/you won't see it again/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(token);

    const listed = await within(card).findByTestId('api-token');
    expect(within(listed).getByTestId('api-token-name').textContent).toBe('Inventory sync');
    expect(within(listed).getByTestId('api-token-prefix').textContent).toBe(
      `${token.slice(0, 11)}…`,
    );
    expect(within(listed).getByText('products:read')).toBeTruthy();
    expect(within(listed).getByText('sales:read')).toBeTruthy();
    expect(within(listed).queryByText('products:write')).toBeNull();
    expect(within(listed).getByTestId('api-token-last-used').textContent).toBe('Never used');
    expect(card.textContent).toContain(token);

    expect((await fetch('/api/products/my-products', withToken(token))).status).toBe(200);

    await user.click(within(card).getByRole('button', { name: 'I have saved it' }));
    expect(within(card).queryByTestId('new-api-token')).toBeNull();
    expect(card.textContent).not.toContain(token);

    await user.click(within(listed).getByRole('button', { name: 'Revoke: Inventory sync' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/“Inventory sync” stops working at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('The token has been revoked.');
    await within(card).findByTestId('api-tokens-empty');
    expect((await fetch('/api/products/my-products', withToken(token))).status).toBe(401);
  });
});

describe('the webhook', () => {
  it('says a refused address under the field, then signs and logs a test event', async () => {
    receiver = await startReceiver();
    await signUpSeller();
    const { user } = await renderApp('/settings/developer');
    const card = await screen.findByTestId('webhook-card');
    const url = await within(card).findByLabelText('Endpoint URL');
    const saleCreated = within(card).getByRole('checkbox', { name: 'sale.created' });
    expect(saleCreated.getAttribute('aria-checked')).toBe('true');
    await within(card).findByTestId('deliveries-empty');
    expect(within(card).queryByRole('button', { name: 'Send test event' })).toBeNull();

    await user.type(url, 'http://example.com/hooks');
    await user.click(within(card).getByRole('button', { name: 'Save webhook' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Please enter a valid https URL.',
    );

    await user.clear(url);
    await user.type(url, 'https://10.0.0.8/hooks');
    await user.click(within(card).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() =>
      expect(document.getElementById('webhook-url-error')?.textContent).toBe(
        "This address can't receive webhooks. Use a public https:// URL.",
      ),
    );
    expect(url.getAttribute('aria-invalid')).toBe('true');

    await user.clear(url);
    await user.type(url, receiver.url);
    await user.click(within(card).getByRole('button', { name: 'Save webhook' }));
    const secret = (await within(card).findByTestId('webhook-secret')).textContent ?? '';
    expect(secret).toMatch(/^whsec_/);
    await screen.findByText('The webhook has been saved.');

    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    const table = within(card).getByTestId('deliveries-table');
    const row = await within(table).findByTestId('delivery-row');
    expect(within(row).getByTestId('delivery-event').textContent).toBe('webhook.test');
    await waitFor(
      () => expect(within(row).getByTestId('delivery-status-code').textContent).toBe('200'),
      {
        timeout: 10_000,
      },
    );
    expect(within(row).getByText('Delivered')).toBeTruthy();
    // The attempts behind their count, each with the receiver's answer.
    await user.click(within(row).getByTestId('delivery-attempts-count'));
    expect(within(row).getByTestId('delivery-attempts-count').textContent).toBe('1');
    expect(
      within(row)
        .getAllByTestId('delivery-attempt-status')
        .map((status) => status.textContent),
    ).toEqual(['200']);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('nothing was received');
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test' });
    expect(validSignature(delivery.headers['x-signature'], delivery.body, secret)).toBe(true);

    await user.click(within(row).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(within(table).getAllByTestId('delivery-row')).toHaveLength(2));
    await waitFor(() => expect(receiver?.received).toHaveLength(2), { timeout: 10_000 });
    const resent = receiver.received[1];
    expect(resent?.headers['x-webhook-id']).toBe(delivery.headers['x-webhook-id']);
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('delivery-status-code')
          .map((code) => code.textContent),
      ).toEqual(['200', '200']),
    );
  });

  it('shows a rotated secret once, and stops sending once removed', async () => {
    receiver = await startReceiver();
    await signUpSeller();
    const { user } = await renderApp('/settings/developer');
    const card = await screen.findByTestId('webhook-card');
    await user.type(await within(card).findByLabelText('Endpoint URL'), receiver.url);
    await user.click(within(card).getByRole('checkbox', { name: 'product.updated' }));
    await user.click(within(card).getByRole('button', { name: 'Save webhook' }));
    const first = (await within(card).findByTestId('webhook-secret')).textContent ?? '';
    await user.click(within(card).getByRole('button', { name: 'I have saved it' }));

    await user.click(within(card).getByRole('button', { name: 'New signing secret' }));
    const rotate = await screen.findByRole('alertdialog');
    await user.click(within(rotate).getByRole('button', { name: 'New signing secret' }));
    const second = await within(card).findByTestId('webhook-secret');
    expect(second.textContent).toMatch(/^whsec_/);
    expect(second.textContent).not.toBe(first);

    await user.click(within(card).getByRole('button', { name: 'Remove webhook' }));
    const remove = await screen.findByRole('alertdialog');
    await user.click(within(remove).getByRole('button', { name: 'Remove webhook' }));
    await screen.findByText('The webhook has been removed.');
    await waitFor(() =>
      expect(within(card).getByLabelText<HTMLInputElement>('Endpoint URL').value).toBe(''),
    );
    expect(within(card).queryByTestId('webhook-secret')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Send test event' })).toBeNull();
  });
});
