import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'seller-config-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      timeZone: 'Asia/Seoul',
      productReview: false,
      viewBatchIntervalMs: 20,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_INGEST_POOL_SIZE', '0'],
    ['DATABASE_READ_CONNECTIONS', '-1'],
    ['DATABASE_READ_CONNECTIONS', 'some'],
    ['VIEW_BATCH_INTERVAL_MS', '-1'],
    ['VIEW_BATCH_INTERVAL_MS', '5000'],
    ['VIEW_BATCH_INTERVAL_MS', 'soon'],
    ['JWT_SECRET', 'too-short'],
    ['TIME_ZONE', 'Mars/Olympus'],
    ['LOG_LEVEL', 'loud'],
    ['MEMBER_SITE_URL', 'not a url'],
    ['PRODUCT_REVIEW', 'maybe'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'https://member.example.com/shop'],
    ['CORS_ORIGINS', 'member.example.com'],
    ['CORS_ORIGINS', 'https://member.example.com,ftp://files.example.com'],
    ['CORS_ORIGINS', 'https://member.example.com?x=1'],
    ['CORS_ORIGINS', 'https://user:pass@member.example.com'],
    ['CORS_ORIGINS', 'https://exa mple.com'],
  ])('names %s when its value %s is bad', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(name);
  });

  it('generates a 256-bit JWT secret once and keeps it under DATA_DIR, owner-only', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toBe(second.jwtSecret);
    expect(Buffer.from(first.jwtSecret, 'base64url').length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'secrets', 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('reads CORS_ORIGINS as origins, the way browsers write them in the Origin header', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).corsOrigins).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: ' , ' }).corsOrigins).toEqual([]);
    const config = loadConfig({
      DATA_DIR: dataDir,
      CORS_ORIGINS:
        ' https://Member.Example.com/ ,http://127.0.0.1:5174,https://shop.example.com:443,http://[::1]:8080,http://127.0.0.1:5174',
    });
    expect(config.corsOrigins).toEqual([
      'https://member.example.com',
      'http://127.0.0.1:5174',
      'https://shop.example.com',
      'http://[::1]:8080',
    ]);
  });

  it('takes GEOIP_COUNTRY_FILE from the working directory; unset, no file is read', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).geoipCountryFile).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, GEOIP_COUNTRY_FILE: 'geo/dbip-country-lite.csv' })
        .geoipCountryFile,
    ).toBe(path.resolve('geo/dbip-country-lite.csv'));
    expect(() => loadConfig({ DATA_DIR: dataDir, GEOIP_COUNTRY_FILE: '' })).toThrow(
      'GEOIP_COUNTRY_FILE',
    );
  });

  it('uses JWT_SECRET when given', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });
});
