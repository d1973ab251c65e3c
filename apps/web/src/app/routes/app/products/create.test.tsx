// @vitest-environment jsdom
import { createProductEndpoint } from '@seller/contract/products/create-product';
import { getExchangeRateEndpoint } from '@seller/contract/products/get-exchange-rate';
import { getProductEndpoint } from '@seller/contract/products/get-product';
import { listMyProductsEndpoint } from '@seller/contract/products/list-my-products';
import { completeUploadEndpoint } from '@seller/contract/uploads/complete-upload';
import { getUploadUrlEndpoint } from '@seller/contract/uploads/get-upload-url';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { createProductThroughForm } from '@/testing/product-form';
import { currentUrl, renderApp } from '@/testing/render-app';
import { pdfFile, signUpSeller } from '@/testing/seller-api';

/** Every call the page makes, in order: the API's (fetch) and the byte uploads (XHR). */
function recordCalls(): string[] {
  const calls: string[] = [];
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input), window.location.href);
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return fetch(input, init);
  });
  const open = XMLHttpRequest.prototype.open;
  vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
  ) {
    // The storage address without its signed token: `/storage/upload`.
    const { pathname } = new URL(String(url), window.location.href);
    calls.push(`${method} ${pathname.split('/', 3).join('/')}`);
    open.call(this, method, url, true);
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('creating a product', () => {
  it('uploads the files, then creates the product with them, then returns to the list', async () => {
    await signUpSeller();
    const { user } = await renderApp('/products/create');
    await screen.findByRole('heading', { name: 'New product' });
    const calls = recordCalls();

    await createProductThroughForm(user, { title: 'Ceramics course', price: '35' });

    await screen.findByText('Your product has been created.');
    const pending = screen.getAllByTestId('pending-item');
    expect(pending.map((item) => item.dataset.status)).toEqual(['completed', 'completed']);
    await waitFor(() => expect(currentUrl()).toBe('/products'), { timeout: 5000 });
    await within(await screen.findByTestId('products-table')).findByText('Ceramics course');

    // The file first, then the thumbnail, each signed, sent and checked; then the product.
    const create = `POST ${createProductEndpoint.path}`;
    const upload = [
      `POST ${getUploadUrlEndpoint.path}`,
      'PUT /storage/upload',
      `POST ${completeUploadEndpoint.path}`,
    ];
    expect(calls.slice(0, calls.indexOf(create) + 1)).toEqual([...upload, ...upload, create]);

    const { products } = await apiRequest(listMyProductsEndpoint);
    // Five downloads per file unless the seller says otherwise.
    expect(
      products.map((product) => [product.title, product.price, product.download_limit]),
    ).toEqual([['Ceramics course', 35, 5]]);
    const [created] = products;
    if (!created) throw new Error('the product was not created');
    const detail = await apiRequest(getProductEndpoint, { params: { id: created.id } });
    expect(detail.files.map((file) => file.file_original_name)).toEqual(['guide.pdf']);
    expect(detail.thumbnails.map((image) => [image.image_original_name, image.is_main])).toEqual([
      ['cover.png', 1],
    ]);
  });

  it('saves the download limit the seller types, 0 for unlimited', async () => {
    await signUpSeller();
    const { user } = await renderApp('/products/create');
    expect(((await screen.findByLabelText('Download limit')) as HTMLInputElement).value).toBe('5');
    expect(
      screen.getByText(
        'How many times a buyer may download each file, from 0 to 100. 0 means unlimited.',
      ),
    ).toBeTruthy();

    await createProductThroughForm(user, {
      title: 'Unlimited brushes',
      price: '9',
      downloadLimit: '0',
    });
    await screen.findByText('Your product has been created.');
    await waitFor(() => expect(currentUrl()).toBe('/products'), { timeout: 5000 });

    const { products } = await apiRequest(listMyProductsEndpoint);
    expect(products.map((product) => product.download_limit)).toEqual([0]);
  });

  it('refuses a download limit over 100 in words, before uploading anything', async () => {
    await signUpSeller();
    const { user } = await renderApp('/products/create');
    await screen.findByRole('heading', { name: 'New product' });
    const calls = recordCalls();

    await createProductThroughForm(user, { title: 'Too many', price: '9', downloadLimit: '101' });

    const limit = screen.getByLabelText('Download limit');
    expect(
      await screen.findByText(
        'The download limit must be a whole number from 0 (unlimited) to 100.',
      ),
    ).toBeTruthy();
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    // Letters never reach the field.
    await user.clear(limit);
    await user.type(limit, '1x2');
    expect((limit as HTMLInputElement).value).toBe('12');
  });

  it('names each drop area and ties the missing file or thumbnail to it', async () => {
    await signUpSeller();
    const { user } = await renderApp('/products/create');
    await user.type(await screen.findByLabelText('Title'), 'Empty lists');
    await user.type(screen.getByLabelText('Price (USD)'), '9');
    // Named by their own text: what they take, then their limits.
    const files = screen.getByRole('button', { name: /^Drag files here, or click to choose/ });
    const thumbnails = screen.getByRole('button', {
      name: /^Drag images here, or click to choose/,
    });
    expect(files.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    /** The texts the area's aria-describedby points to. */
    const descriptions = (area: HTMLElement) =>
      (area.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    await waitFor(() => expect(files.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptions(files)).toContain('Please add at least one file.');
    expect(thumbnails.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(thumbnails)).toContain('Please add at least one thumbnail image.');

    // A file picked clears its list's error, and the area is no longer marked.
    await user.upload(screen.getByTestId('file-dropzone-input'), pdfFile());
    await waitFor(() => expect(files.getAttribute('aria-invalid')).toBeNull());
    expect(descriptions(files)).not.toContain('Please add at least one file.');
    expect(thumbnails.getAttribute('aria-invalid')).toBe('true');
  });

  it('says the exchange rate is on its way, or could not be had, instead of asking for a price', async () => {
    const fetch = globalThis.fetch;
    let answer: (outcome: 'down' | 'up') => void = () => {};
    const outcome = new Promise<'down' | 'up'>((resolve) => {
      answer = resolve;
    });
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(
        input instanceof Request ? input.url : String(input),
        window.location.href,
      );
      if (url.pathname === getExchangeRateEndpoint.path && down) {
        if ((await outcome) === 'down') throw new TypeError('Failed to fetch');
      }
      return fetch(input, init);
    });
    await signUpSeller();
    const { user } = await renderApp('/products/create');
    await user.type(await screen.findByLabelText('Price (USD)'), '9');
    const preview = screen.getByTestId('price-preview');
    expect(within(preview).getByTestId('price-preview-loading').textContent).toBe(
      'Loading the exchange rate…',
    );
    expect(preview.textContent).not.toContain('Enter a price');

    // The client tries three times more before the preview says so.
    answer('down');
    const failed = await within(preview).findByTestId(
      'price-preview-no-rate',
      {},
      { timeout: 10_000 },
    );
    expect(failed.textContent).toContain('The exchange rate could not be loaded');
    expect(preview.textContent).not.toContain('Enter a price');

    down = false;
    await user.click(within(preview).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(preview.textContent).toContain('₩12,420'));
    expect(within(preview).queryByTestId('price-preview-no-rate')).toBeNull();
  }, 20_000);
});
