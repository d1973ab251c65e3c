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
