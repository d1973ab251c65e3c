import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPath, pdf, png, uploadCompleted } from './test/completed-uploads.ts';
import { bearer, signUpSeller } from './test/sellers.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: sink });
});
afterAll(async () => {
  await t.close();
});

/** The part of a signed storage URL that must never be written down. */
function signatureOf(url: string): string {
  const token = localPath(url).split('/').pop() ?? '';
  return token.split('.').pop() ?? token;
}

describe('logs', () => {
  it('carry no password, token or URL signature, at the most verbose level', async () => {
    const seller = await signUpSeller(t.app, { password: 'Signup-Passw0rd-Secret' });
    const secrets: string[] = [seller.password, seller.token];

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: seller.password },
    });
    secrets.push(login.json<{ token: string }>().token);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: 'Wrong-Passw0rd-Secret' },
    });
    secrets.push('Wrong-Passw0rd-Secret');

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(seller.token),
      payload: { currentPassword: seller.password, newPassword: 'Changed-Passw0rd-Secret' },
    });
    const token = changed.json<{ token: string }>().token;
    secrets.push('Changed-Passw0rd-Secret', token);

    const file = await uploadCompleted(t.app, token, pdf('secret-guide.pdf'));
    const thumbnail = await uploadCompleted(t.app, token, png());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: bearer(token),
      payload: {
        title: 'Logged product',
        description: 'x',
        price: 10,
        files: [{ s3Key: file.s3Key }],
        thumbnails: [{ s3Key: thumbnail.s3Key }],
      },
    });
    expect(created.statusCode).toBe(201);
    const { product, files } = created.json<{
      product: { id: string };
      files: { id: string }[];
    }>();
    const download = await t.app.inject({
      url: `/api/products/${product.id}/download/${files[0]?.id}`,
      headers: bearer(token),
    });
    const { downloadUrl } = download.json<{ downloadUrl: string }>();
    const fetched = await t.app.inject({ url: localPath(downloadUrl) });
    expect(fetched.statusCode).toBe(200);
    secrets.push(signatureOf(downloadUrl));

    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/products/get-upload-url',
      headers: bearer(token),
      payload: { fileName: 'b.pdf', fileType: 'application/pdf', fileSize: 3, isImage: false },
    });
    const { uploadUrl } = upload.json<{ uploadUrl: string }>();
    await t.app.inject({
      method: 'PUT',
      url: localPath(uploadUrl),
      headers: { 'content-type': 'application/pdf', 'content-length': '3' },
      payload: Buffer.from('abc'),
    });
    secrets.push(signatureOf(uploadUrl));

    expect(lines.length).toBeGreaterThan(10);
    const everything = lines.join('\n');
    expect(everything).toContain('/storage/');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/authorization/i);
  });
});
