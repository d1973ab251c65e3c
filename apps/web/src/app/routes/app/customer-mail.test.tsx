// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderApp } from '@/testing/render-app';
import { createProduct, recordSales, signUpSeller } from '@/testing/seller-api';

let seller: Awaited<ReturnType<typeof signUpSeller>>;

beforeEach(async () => {
  seller = await signUpSeller();
  const { product } = await createProduct('Lightroom presets');
  await recordSales(product.id, 1, {
    customerEmail: 'minji@example.kr',
    buyerLocale: 'ko',
    marketingConsent: true,
  });
  await recordSales(product.id, 1, { customerEmail: 'kim@example.kr' });
});

describe('writing to buyers', () => {
  it('counts whom a marketing mail reaches, previews it in Korean, sends it and lists it', async () => {
    const { user } = await renderApp(paths.customerMail.href());
    await user.click(await screen.findByTestId('broadcast-kind-marketing'));
    await waitFor(() =>
      expect(screen.getByTestId('broadcast-reach-count').textContent).toBe('Buyers reached: 1'),
    );
    expect(screen.getByTestId('broadcast-reach-left-out').textContent).toBe(
      'Left out: 1 never agreed, 0 unsubscribed.',
    );
    await user.type(screen.getByTestId('broadcast-subject'), 'Summer sale');
    await user.type(screen.getByTestId('broadcast-body'), 'Everything is 20% off.');

    await user.click(screen.getByTestId('broadcast-preview-ko'));
    const preview = await screen.findByTestId('broadcast-preview-body');
    await waitFor(() =>
      expect(screen.getByTestId('broadcast-preview-subject').textContent).toBe(
        '(광고) Summer sale',
      ),
    );
    expect(preview.textContent).toContain('Everything is 20% off.');
    expect(preview.textContent).toContain(`발신자: ${seller.nickname}`);
    expect(preview.textContent).toContain(`연락처: ${seller.email}`);
    await user.click(screen.getByTestId('broadcast-preview-en'));
    expect(screen.getByTestId('broadcast-preview-subject').textContent).toBe('Summer sale');

    await user.click(screen.getByTestId('broadcast-send'));
    const result = await screen.findByTestId('broadcast-result');
    expect(result.textContent).toContain('On its way. Recipients: 1.');
    expect(result.textContent).toContain(
      'Left out: 1 without consent, 0 unsubscribed, 0 refunded.',
    );
    const table = await screen.findByTestId('broadcasts-table');
    await waitFor(() => expect(within(table).getAllByTestId('broadcast-row')).toHaveLength(1));
    expect(within(table).getByTestId('broadcast-row').textContent).toContain('Summer sale');

    // A second marketing mail within 7 days is refused, in the seller's words.
    await user.type(screen.getByTestId('broadcast-subject'), 'Again');
    await user.type(screen.getByTestId('broadcast-body'), 'More news.');
    await user.click(screen.getByTestId('broadcast-send'));
    expect((await screen.findByTestId('broadcast-error')).textContent).toContain(
      'marketing mail goes out at most once in 7 days',
    );
  }, 30_000);

  it('asks for a product before a product update goes', async () => {
    const { user } = await renderApp(paths.customerMail.href());
    expect((await screen.findByTestId('broadcast-reach')).textContent).toContain(
      'Choose products to see whom the update reaches.',
    );
    await user.type(screen.getByTestId('broadcast-subject'), 'Version 2');
    await user.type(screen.getByTestId('broadcast-body'), 'New presets.');
    await user.click(screen.getByTestId('broadcast-send'));
    expect(
      await screen.findByText('Choose at least one product for a product update.'),
    ).toBeTruthy();

    await user.click(await screen.findByTestId('broadcast-product'));
    await waitFor(() =>
      expect(screen.getByTestId('broadcast-reach-count').textContent).toBe(
        'Buyers reached: at most 2',
      ),
    );
    await user.click(screen.getByTestId('broadcast-preview-fr'));
    expect((await screen.findByTestId('broadcast-preview-body')).textContent).toContain(
      'À propos de Lightroom presets',
    );
    await user.click(screen.getByTestId('broadcast-send'));
    expect((await screen.findByTestId('broadcast-result')).textContent).toContain(
      'On its way. Recipients: 2.',
    );
  }, 30_000);

  it('opens from the customers list', async () => {
    const { user } = await renderApp(paths.customers.href());
    await user.click(await screen.findByTestId('customers-write'));
    expect(await screen.findByTestId('broadcast-form')).toBeTruthy();
  });
});

describe('the unsubscribe page', () => {
  it('changes nothing until the button, and says so when the link is not valid', async () => {
    const { user } = await renderApp(paths.unsubscribe.href('not-a-token'));
    await user.click(await screen.findByTestId('unsubscribe-confirm'));
    expect((await screen.findByTestId('unsubscribe-error')).textContent).toBe(
      'This unsubscribe link is not valid.',
    );
  });
});
