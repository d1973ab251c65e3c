import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createHealthService } from './health.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok after asking the database', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('the health service', () => {
  it('answers 503 service_unavailable and logs the cause when the database does not answer', async () => {
    const cause = new Error('connection refused');
    const logged: unknown[] = [];
    const health = createHealthService({
      health: { ping: () => Promise.reject(cause) },
    });
    const failure = await health.check({ error: (details: unknown) => logged.push(details) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'service_unavailable', statusCode: 503 });
    expect(logged).toEqual([{ err: cause }]);
  });
});
