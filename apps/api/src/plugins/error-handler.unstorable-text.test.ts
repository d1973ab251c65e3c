import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail } from '../test/database-rows.ts';
import { internalSecret, purchase, signedPost } from '../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Regression (found by the fuzzer): a NUL character in any text that reaches PostgreSQL
 * (a bio, a file name, a login email, an upload id…) was a 500. It is bad input: a 400.
 */
let t: TestApp;
let seller: TestSeller;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  await t.close();
});

const nul = 'a\u0000b';
const cases: [string, 'POST' | 'PUT', string, unknown][] = [
  ['bio', 'PUT', '/api/auth/profile', { nickname: null, bio: nul }],
  [
    'login email',
    'POST',
    '/api/auth/login',
    { email: `${nul}@example.com`, password: 'whatever1' },
  ],
  [
    'signup email',
    'POST',
    '/api/auth/signup',
    { email: `${nul}@example.com`, nickname: 'nulnick', password: 'Tr0ub4dor-x' },
  ],
  [
    'file name',
    'POST',
    '/api/products/get-upload-url',
    { fileName: `${nul}.pdf`, fileType: 'application/pdf', fileSize: 5 },
  ],
  [
    'multipart file name',
    'POST',
    '/api/products/start-multipart-upload',
    { fileName: `${nul}.zip`, fileType: 'application/zip', fileSize: 200 * 1024 * 1024 },
  ],
  [
    'upload id',
    'POST',
    '/api/products/list-uploaded-parts',
    { s3Key: 'sellers/x/y.zip', uploadId: nul },
  ],
  [
    'upload id (abort)',
    'POST',
    '/api/products/abort-multipart-upload',
    { s3Key: nul, uploadId: nul },
  ],
  ['upload key', 'POST', '/api/products/complete-upload', { s3Key: nul }],
  [
    'settlement',
    'PUT',
    '/api/auth/settlement-info',
    { bank: { name: nul, account: '1', accountHolder: 'x', branch: 'y' } },
  ],
];

describe('text PostgreSQL cannot store is a 400, never a 500', () => {
  it.each(cases)('%s', async (_name, method, url, payload) => {
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(seller.token),
      payload: payload as object,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('in a signed purchase (payment method)', async () => {
    const productId = await insertProduct(
      t.database.db,
      await sellerIdByEmail(t.database.db, seller.email),
    );
    const response = await signedPost(
      t.app,
      '/api/internal/purchases',
      purchase(productId, { paymentMethod: nul }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});
