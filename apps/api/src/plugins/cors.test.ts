import type { ProductDetail } from '@seller/contract/products/product';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPath, pdf, png, publicUrlOf, uploadCompleted } from '../test/completed-uploads.ts';
import { bearer, signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const memberSite = 'https://member.example.com';
const localSite = 'http://127.0.0.1:5174';

let withCors: TestApp;
let sameOriginOnly: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  [withCors, sameOriginOnly] = await Promise.all([
    createTestApp({ CORS_ORIGINS: ` ${memberSite}/, ${localSite} ` }),
    createTestApp(),
  ]);
  seller = await signUpSeller(withCors.app);
});

afterAll(async () => {
  await Promise.all([withCors?.close(), sameOriginOnly?.close()]);
});

function corsHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => name.startsWith('access-control-')),
  );
}

function preflight(
  t: TestApp,
  url: string,
  origin: string,
  method: string,
  requestHeaders?: string,
) {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      ...(requestHeaders ? { 'access-control-request-headers': requestHeaders } : {}),
    },
  });
}

async function productWithFile(t: TestApp, owner: TestSeller) {
  const file = await uploadCompleted(t.app, owner.token, pdf('notes.pdf'));
  const thumbnail = await uploadCompleted(t.app, owner.token, png('cover.png'));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products/create',
    headers: bearer(owner.token),
    payload: { title: 'Shared', price: 5, files: [file], thumbnails: [thumbnail] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const detail = created.json<ProductDetail>();
  const answer = await t.app.inject({
    url: `/api/products/${detail.product.id}/download/${detail.files[0]?.id}`,
    headers: bearer(owner.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return {
    downloadPath: localPath(answer.json<{ downloadUrl: string }>().downloadUrl),
    publicPath: localPath(publicUrlOf(thumbnail)),
  };
}

describe('CORS_ORIGINS', () => {
  it('answers a preflight of a listed origin on any API route, before authentication', async () => {
    for (const [url, method] of [
      ['/api/products/my-products', 'GET'],
      ['/api/auth/signup', 'POST'],
      ['/api/auth/avatar', 'PUT'],
      ['/api/products/00000000-0000-4000-8000-000000000000', 'DELETE'],
    ] as const) {
      const response = await preflight(
        withCors,
        url,
        memberSite,
        method,
        'authorization,content-type',
      );
      expect(response.statusCode, `${method} ${url}`).toBe(204);
      expect(response.body).toBe('');
      expect(corsHeaders(response)).toEqual({
        'access-control-allow-origin': memberSite,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '7200',
      });
      expect(response.headers.vary).toBe('Origin');
    }
  });

  it('lets a listed origin read answers, errors included, and the headers a client needs', async () => {
    const list = await withCors.app.inject({
      url: '/api/products/my-products',
      headers: { origin: localSite, ...bearer(seller.token) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(localSite);
    expect(list.headers.vary).toBe('Origin');
    expect(list.headers['access-control-expose-headers']).toBe(
      'WWW-Authenticate, Retry-After, Content-Disposition',
    );
    expect(list.headers['access-control-allow-credentials']).toBeUndefined();

    const login = await withCors.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: memberSite },
      payload: { email: seller.email, password: seller.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBe(memberSite);
    expect(login.headers.vary).toBe('Origin');

    const refused = await withCors.app.inject({
      url: '/api/products/my-products',
      headers: { origin: memberSite },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(memberSite);
  });

  it('echoes only a listed origin: any other one, look-alikes included, gets no CORS header', async () => {
    const listed = await withCors.app.inject({
      url: '/api/health',
      headers: { origin: memberSite },
    });
    expect(listed.headers['access-control-allow-origin']).toBe(memberSite);

    for (const origin of [
      'https://evil.example.com',
      'http://member.example.com',
      'https://member.example.com:8443',
      'https://member.example.com.evil.test',
      'http://127.0.0.1:5173',
      'null',
    ]) {
      const read = await withCors.app.inject({
        url: '/api/products/my-products',
        headers: { origin, ...bearer(seller.token) },
      });
      expect(read.statusCode, origin).toBe(200);
      expect(corsHeaders(read), origin).toEqual({});
      const ask = await preflight(withCors, '/api/products/my-products', origin, 'GET');
      expect(ask.statusCode, origin).toBe(404);
      expect(corsHeaders(ask), origin).toEqual({});
    }
  });

  it('sends no CORS header but on the public reads when the setting is empty', async () => {
    const listed = await withCors.app.inject({
      url: '/api/health',
      headers: { origin: memberSite },
    });
    expect(listed.headers['access-control-allow-origin']).toBe(memberSite);
    const empty = await createTestApp({ CORS_ORIGINS: '' });
    try {
      expect(empty.config.corsOrigins).toEqual([]);
      for (const t of [empty, sameOriginOnly]) {
        const read = await t.app.inject({ url: '/api/health', headers: { origin: memberSite } });
        expect(read.statusCode).toBe(200);
        expect(corsHeaders(read)).toEqual({});
        const ask = await preflight(t, '/api/health', memberSite, 'GET');
        expect(ask.statusCode).toBe(404);
        expect(corsHeaders(ask)).toEqual({});
        // The catalog is for every site, whatever the setting.
        const catalog = await preflight(t, '/api/public/sellers/someone', memberSite, 'GET');
        expect(catalog.statusCode).toBe(204);
        expect(catalog.headers['access-control-allow-origin']).toBe('*');
      }
    } finally {
      await empty.close();
    }
  });

  it("lets a listed origin PUT to the local driver's upload URLs and read each ETag", async () => {
    const bytes = Buffer.from('%PDF-1.4 a small file sent from another site');
    const single = await withCors.app.inject({
      method: 'POST',
      url: '/api/products/get-upload-url',
      headers: bearer(seller.token),
      payload: { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: bytes.length },
    });
    expect(single.statusCode, single.body).toBe(200);
    const started = await withCors.app.inject({
      method: 'POST',
      url: '/api/products/start-multipart-upload',
      headers: bearer(seller.token),
      payload: { fileName: 'b.pdf', fileType: 'application/pdf', fileSize: bytes.length },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { s3Key, uploadId } = started.json<{ s3Key: string; uploadId: string }>();
    const part = await withCors.app.inject({
      method: 'POST',
      url: '/api/products/get-part-upload-url',
      headers: bearer(seller.token),
      payload: { s3Key, uploadId, partNumber: 1, contentLength: bytes.length },
    });
    expect(part.statusCode, part.body).toBe(200);

    for (const [what, url, type] of [
      ['single PUT', single.json<{ uploadUrl: string }>().uploadUrl, 'application/pdf'],
      ['part', part.json<{ uploadUrl: string }>().uploadUrl, 'application/octet-stream'],
    ] as const) {
      const path = localPath(url);
      const ask = await preflight(withCors, path, memberSite, 'PUT', 'content-type');
      expect(ask.statusCode, what).toBe(204);
      expect(corsHeaders(ask), what).toEqual({
        'access-control-allow-origin': memberSite,
        'access-control-allow-methods': 'PUT',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '7200',
      });

      const put = await withCors.app.inject({
        method: 'PUT',
        url: path,
        headers: { origin: memberSite, 'content-type': type },
        payload: bytes,
      });
      expect(put.statusCode, `${what}: ${put.body}`).toBe(200);
      expect(put.headers.etag, what).toMatch(/^".+"$/);
      expect(put.headers['access-control-allow-origin'], what).toBe(memberSite);
      expect(put.headers['access-control-expose-headers'], what).toBe('ETag');
      expect(put.headers.vary, what).toBe('Origin');

      const other = await preflight(withCors, path, 'https://evil.example.com', 'PUT');
      expect(other.statusCode, what).toBe(404);
      expect(corsHeaders(other), what).toEqual({});
    }

    // A part may be sent again (a retry); from an unlisted site its answer stays unreadable.
    const resent = await withCors.app.inject({
      method: 'PUT',
      url: localPath(part.json<{ uploadUrl: string }>().uploadUrl),
      headers: { origin: 'https://evil.example.com', 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(corsHeaders(resent)).toEqual({});
  });

  it("lets a listed origin read a download URL's answer and its file name", async () => {
    const { downloadPath } = await productWithFile(withCors, seller);
    const download = await withCors.app.inject({
      url: downloadPath,
      headers: { origin: localSite },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['access-control-allow-origin']).toBe(localSite);
    expect(download.headers['access-control-expose-headers']).toContain('Content-Disposition');
    const other = await withCors.app.inject({
      url: downloadPath,
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.statusCode).toBe(200);
    expect(corsHeaders(other)).toEqual({});
  });
});

describe('Cross-Origin-Resource-Policy', () => {
  it('lets other sites show public images, while private files and API answers stay same-origin', async () => {
    const owner = await signUpSeller(sameOriginOnly.app);
    const { downloadPath, publicPath } = await productWithFile(sameOriginOnly, owner);
    expect(publicPath).toMatch(/^\/storage\/public\//);

    const image = await sameOriginOnly.app.inject({ url: publicPath });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const download = await sameOriginOnly.app.inject({ url: downloadPath });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cross-origin-resource-policy']).toBe('same-origin');

    const api = await sameOriginOnly.app.inject({
      url: '/api/products/my-products',
      headers: bearer(owner.token),
    });
    expect(api.statusCode).toBe(200);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
