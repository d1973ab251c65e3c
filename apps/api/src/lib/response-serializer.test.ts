import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  compiledOnFirstCall,
  compileResponseSerializer,
  serializerCompiler,
} from './response-serializer.ts';

describe('compiledOnFirstCall', () => {
  it('compiles nothing until the first call, then once for every call', () => {
    let compiled = 0;
    const serialize = compiledOnFirstCall(() => {
      compiled++;
      return (value: number) => `#${value}`;
    });
    expect(compiled).toBe(0);
    expect(serialize(1)).toBe('#1');
    expect(serialize(2)).toBe('#2');
    expect(compiled).toBe(1);
  });
});

describe('the app serializer compiler', () => {
  const schema = z.object({ id: z.string(), count: z.number().int() });
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };

  it('writes what the route would have written compiled at once', () => {
    const answer = { id: 'a', count: 2, notInTheContract: true };
    expect(serializerCompiler(route)(answer)).toBe(compileResponseSerializer(route)(answer));
    expect(JSON.parse(serializerCompiler(route)(answer))).toEqual({ id: 'a', count: 2 });
  });

  it('fails an answer that breaks its schema', () => {
    expect(() => serializerCompiler(route)({ id: 'a' })).toThrow();
  });
});

describe("every route's answer", () => {
  let t: TestApp;
  const responses: { route: string; status: string; schema: unknown }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (options: RouteOptions) => {
          const byStatus = (options.schema?.response ?? {}) as Record<string, unknown>;
          for (const [status, schema] of Object.entries(byStatus)) {
            responses.push({ route: `${String(options.method)} ${options.url}`, status, schema });
          }
        },
      },
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  // Compiled with the first answer in the running app: compiled here, all of them, so that a
  // schema fast-json-stringify refuses fails this test rather than a route's first answer.
  it('has a serializer that compiles', () => {
    expect(responses.length).toBeGreaterThan(50);
    for (const { route, status, schema } of responses) {
      expect(
        () =>
          compileResponseSerializer({
            schema: schema as z.ZodType,
            method: route.split(' ')[0] ?? 'GET',
            url: route.split(' ')[1] ?? '',
            httpStatus: status,
          }),
        `${route} ${status}`,
      ).not.toThrow();
    }
  });
});
