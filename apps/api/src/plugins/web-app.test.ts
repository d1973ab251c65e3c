import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each(['/', '/login', '/products/123/edit', '/index.html'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>app</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets for a year, precompressed when the browser accepts it', async () => {
    const plain = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const brotli = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(script.length);
  });

  it('answers a JSON 404 for a missing file, an unknown API route, or a path outside the app', async () => {
    for (const url of [
      '/assets/missing.js',
      '/api/missing',
      '/api',
      '/api?page=1',
      '/api/products/unknown/route',
      '/storage/missing',
      '/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('is a 404, not a page, for anything but GET and HEAD', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
