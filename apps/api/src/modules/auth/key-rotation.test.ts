import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { localPath, startUpload } from '../../test/completed-uploads.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.ts';

const oldJwt = 'old-jwt-secret-old-jwt-secret-old-jwt-0001';
const newJwt = 'new-jwt-secret-new-jwt-secret-new-jwt-0002';
const oldStorage = 'old-storage-secret-old-storage-secret-0003';
const newStorage = 'new-storage-secret-new-storage-secret-0004';

let t: TestApp;
const siblings: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: oldJwt, STORAGE_SIGNING_SECRET: oldStorage });
});
afterAll(async () => {
  await Promise.all(siblings.map((app) => app.close()));
  await t.close();
});

async function sibling(env: Record<string, string>) {
  const app = await createSiblingApp(t, env);
  siblings.push(app);
  return app;
}

const profile = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/auth/profile', headers: bearer(token) });

describe('rotating the JWT secret', () => {
  it('keeps tokens of the retired key valid while it is listed, and signs new ones with the new key', async () => {
    const seller = await signUpSeller(t.app);
    const rotated = await sibling({ JWT_SECRET: newJwt, JWT_PREVIOUS_SECRETS: oldJwt });
    expect((await profile(rotated, seller.token)).statusCode).toBe(200);

    const login = await rotated.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: seller.password },
    });
    const fresh = login.json<{ token: string }>().token;
    const header = JSON.parse(Buffer.from(fresh.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toMatchObject({ alg: 'HS256', kid: expect.any(String) });
    expect((await profile(t.app, fresh)).statusCode).toBe(401);

    const retired = await sibling({ JWT_SECRET: newJwt });
    expect((await profile(retired, seller.token)).statusCode).toBe(401);
    expect((await profile(retired, fresh)).statusCode).toBe(200);
  });

  it('still revokes tokens of the retired key on logout', async () => {
    const seller = await signUpSeller(t.app);
    const rotated = await sibling({ JWT_SECRET: newJwt, JWT_PREVIOUS_SECRETS: oldJwt });
    await rotated.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(seller.token),
    });
    expect((await profile(rotated, seller.token)).statusCode).toBe(401);
  });
});

describe('rotating the storage signing secret', () => {
  it('honours URLs signed by the retired key while it is listed', async () => {
    const seller = await signUpSeller(t.app);
    const bytes = Buffer.from('%PDF-1.4 rotation test');
    const put = (app: FastifyInstance, url: string) =>
      app.inject({
        method: 'PUT',
        url: localPath(url),
        headers: { 'content-type': 'application/pdf', 'content-length': String(bytes.length) },
        payload: bytes,
      });
    const file = { name: 'a.pdf', type: 'application/pdf', bytes, isImage: false };

    const retired = await sibling({ JWT_SECRET: oldJwt, STORAGE_SIGNING_SECRET: newStorage });
    const first = await startUpload(t.app, seller.token, file);
    expect((await put(retired, first.uploadUrl)).statusCode).toBe(403);

    const rotated = await sibling({
      JWT_SECRET: oldJwt,
      STORAGE_SIGNING_SECRET: newStorage,
      STORAGE_PREVIOUS_SIGNING_SECRETS: oldStorage,
    });
    const second = await startUpload(t.app, seller.token, file);
    expect((await put(rotated, second.uploadUrl)).statusCode).toBe(200);
  });
});

describe('secrets', () => {
  it('generates separate JWT and storage keys when none are configured', () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir });
    expect(config.storage.driver).toBe('local');
    if (config.storage.driver === 'local') {
      expect(config.storage.signingSecret).not.toBe(config.jwtSecret);
    }
  });

  it('names the variable when a retired key is too short', () => {
    expect(() =>
      loadConfig({ DATA_DIR: t.config.dataDir, JWT_PREVIOUS_SECRETS: `${oldJwt},short` }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATA_DIR: t.config.dataDir, STORAGE_PREVIOUS_SIGNING_SECRETS: 'short' }),
    ).toThrow('STORAGE_PREVIOUS_SIGNING_SECRETS');
  });
});
