import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import type { ProductDetail } from '@seller/contract/products/product';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One authenticated request of the public API with a JSON body, if any. */
export function sellerFetch(
  baseUrl: string,
  token: string,
  method: Method,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** Authenticated JSON calls of the public API, as the seller's browser would make them. */
export async function sellerApi<T>(
  baseUrl: string,
  token: string,
  method: Method,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await sellerFetch(baseUrl, token, method, path, body);
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
}

export async function getProductDetail(
  baseUrl: string,
  token: string,
  productId: string,
): Promise<ProductDetail> {
  const { status, json } = await sellerApi<ProductDetail>(
    baseUrl,
    token,
    'GET',
    `/api/products/${productId}`,
  );
  if (status !== 200) throw new Error(`GET product failed: ${status}`);
  return json;
}

export async function latestRate(baseUrl: string, token: string): Promise<ExchangeRate> {
  const { json } = await sellerApi<{ rate: ExchangeRate }>(
    baseUrl,
    token,
    'GET',
    '/api/products/exchange-rate/latest',
  );
  return json.rate;
}

/** Opens a product file through its short-lived download URL (a streamed response). */
export async function downloadProductFile(
  baseUrl: string,
  token: string,
  productId: string,
  fileId: string,
): Promise<Response> {
  const { status, json } = await sellerApi<{ downloadUrl: string }>(
    baseUrl,
    token,
    'GET',
    `/api/products/${productId}/download/${fileId}`,
  );
  if (status !== 200) throw new Error(`download URL failed: ${status}`);
  const response = await fetch(new URL(json.downloadUrl, baseUrl));
  if (!response.ok || !response.body) throw new Error(`download failed: ${response.status}`);
  return response;
}
