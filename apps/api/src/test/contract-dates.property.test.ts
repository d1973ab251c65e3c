import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@seller/contract/endpoint';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFastifyPath } from '../lib/define-route.ts';
import { signInternalRequest } from '../lib/internal-signature.ts';
import { loadContractEndpoints, pathParamNames } from './contract-endpoints.ts';
import { arbitraryFor, encodeComponent } from './fuzz-arbitraries.ts';
import { internalSecret } from './member-site-calls.ts';
import { bearer, signUpSeller } from './sellers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every day and instant field of every endpoint (query, path and body), found by walking the
 * contract's schemas: a date the database cannot store (year 0000, past 9999 once its offset
 * is applied, a year of five digits) is answered 400 `validation_failed` naming the field,
 * before anything is read or streamed; a date at the very edge of what is stored is never a 5xx.
 */

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

type DateKind = 'date' | 'datetime';
interface DateField {
  where: 'query' | 'params' | 'body';
  path: string[];
  kind: DateKind;
}

/** The string format of a schema, when it is a day or an instant. */
function dateKindOf(def: Def): DateKind | undefined {
  return def.format === 'date' || def.format === 'datetime' ? def.format : undefined;
}

/** The paths of the day and instant fields inside a schema (objects, wrappers, pipes). */
function dateFieldsOf(schema: z.ZodType, path: string[] = []): [string[], DateKind][] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const kind = dateKindOf(def);
      return kind ? [[path, kind]] : [];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        dateFieldsOf(value, [...path, key]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return dateFieldsOf(def.innerType as z.ZodType, path);
    case 'pipe':
      return [
        ...dateFieldsOf(def.in as z.ZodType, path),
        ...dateFieldsOf(def.out as z.ZodType, path),
      ].filter(
        ([found], index, all) =>
          all.findIndex(([other]) => other.join('.') === found.join('.')) === index,
      );
    case 'array':
      return dateFieldsOf(def.element as z.ZodType, [...path, '0']);
    default:
      return [];
  }
}

function dateFieldsOfEndpoint(endpoint: Endpoint): DateField[] {
  const parts = [
    ['query', endpoint.query],
    ['params', endpoint.params],
    ['body', endpoint.body],
  ] as const;
  return parts.flatMap(([where, schema]) =>
    schema ? dateFieldsOf(schema).map(([path, kind]) => ({ where, path, kind })) : [],
  );
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

const monthDay = fc.record({
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
});
const time = fc.record({
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  second: fc.integer({ min: 0, max: 59 }),
});
const offset = fc
  .record({ sign: fc.constantFrom('+', '-'), hours: fc.integer({ min: 0, max: 14 }) })
  .map(({ sign, hours }) => (hours === 0 ? 'Z' : `${sign}${pad(hours, 2)}:00`));

/** Days the database cannot store, as a client could write them. */
const unstorableDay = fc.oneof(
  monthDay.map(({ month, day }) => `0000-${pad(month, 2)}-${pad(day, 2)}`),
  fc
    .tuple(fc.integer({ min: 10_000, max: 999_999 }), monthDay)
    .chain(([year, { month, day }]) =>
      fc.constantFrom(
        `${year}-${pad(month, 2)}-${pad(day, 2)}`,
        `+${pad(year, 6)}-${pad(month, 2)}-${pad(day, 2)}`,
      ),
    ),
  fc.constantFrom('-000001-01-01', '0000-02-29', '0000-12-31'),
);

const instantText = (
  year: string,
  month: number,
  day: number,
  at: typeof time extends fc.Arbitrary<infer T> ? T : never,
  zone: string,
) =>
  `${year}-${pad(month, 2)}-${pad(day, 2)}T${pad(at.hour, 2)}:${pad(at.minute, 2)}:${pad(at.second, 2)}${zone}`;

/** Instants the database cannot store, or whose local day would not be a storable day. */
const unstorableInstant = fc.oneof(
  fc
    .tuple(monthDay, time, offset)
    .map(([{ month, day }, at, zone]) => instantText('0000', month, day, at, zone)),
  // The first day of year 1 and the last of 9999 (UTC): a local day in some time zone is not one.
  fc
    .tuple(
      time,
      offset.filter((zone) => !zone.startsWith('-')),
    )
    .map(([at, zone]) => instantText('0001', 1, 1, at, zone)),
  fc
    .tuple(
      time,
      offset.filter((zone) => !zone.startsWith('+')),
    )
    .map(([at, zone]) => instantText('9999', 12, 31, at, zone)),
  fc
    .tuple(monthDay, time)
    .map(
      ([{ month, day }, at]) => `+010000-${pad(month, 2)}-${pad(day, 2)}T${pad(at.hour, 2)}:00:00Z`,
    ),
);

/** Dates at the very edge of what is stored: refused or answered, never a 5xx. */
const edgeDay = fc.constantFrom('0001-01-01', '0001-01-02', '9999-12-30', '9999-12-31');
const edgeInstant = fc.constantFrom(
  '0001-01-02T00:00:00.000Z',
  '0001-01-02T09:00:00+09:00',
  '9999-12-30T23:59:59.999Z',
  '9999-12-30T23:59:59Z',
);

function setAt(target: unknown, path: string[], value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const base = (typeof target === 'object' && target !== null ? target : {}) as Record<
    string,
    unknown
  >;
  if (Array.isArray(base)) {
    const copy = [...base];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  return { ...base, [head]: setAt(base[head], rest, value) };
}

let t: TestApp;
let token: string;
const endpoints = (await loadContractEndpoints())
  .map(({ endpoint, source }) => ({ endpoint, source, fields: dateFieldsOfEndpoint(endpoint) }))
  .filter(({ fields }) => fields.length > 0);

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  token = (await signUpSeller(t.app)).token;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/**
 * Sends the endpoint a request with `value` at `field`: the query and path carry only that
 * field, a body is one the schema's generator made (other fields may be wrong as well).
 */
async function send(endpoint: Endpoint, field: DateField, value: string, body: unknown) {
  let url = toFastifyPath(endpoint.path);
  for (const name of pathParamNames(endpoint.path)) {
    const param = field.where === 'params' && field.path[0] === name ? value : randomUUID();
    url = url.replace(`:${name}`, encodeComponent(param));
  }
  if (field.where === 'query') url += `?${field.path[0]}=${encodeComponent(value)}`;
  const payload =
    endpoint.method === 'POST' || endpoint.method === 'PUT'
      ? JSON.stringify(field.where === 'body' ? setAt(body, field.path, value) : body)
      : undefined;
  const headers: Record<string, string> = {};
  if (endpoint.auth) Object.assign(headers, bearer(token));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (endpoint.path.startsWith('/api/internal/')) {
    headers['x-signature'] = signInternalRequest(internalSecret, payload ?? '');
  }
  return t.app.inject({
    method: endpoint.method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('dates the database cannot store', () => {
  it('finds the date fields of the contract', () => {
    const names = endpoints.flatMap(({ endpoint, fields }) =>
      fields.map(
        (field) => `${endpoint.method} ${endpoint.path} ${field.where}.${field.path.join('.')}`,
      ),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/payouts/ledger query.from',
        'GET /api/payouts/ledger query.to',
        'GET /api/products/sales/transactions query.day',
        'GET /api/payouts/ledger/export query.from',
        'POST /api/internal/purchases body.purchasedAt',
      ]),
    );
  });

  describe.each(
    endpoints.flatMap(({ endpoint, source, fields }) =>
      fields.map(
        (field) =>
          [
            `${endpoint.method} ${endpoint.path} ${field.where}.${field.path.join('.')}`,
            source,
            endpoint,
            field,
          ] as const,
      ),
    ),
  )('%s (%s)', (_name, _source, endpoint, field) => {
    const body = endpoint.body ? arbitraryFor(endpoint.body) : fc.constant(undefined);

    it('refuses an unstorable date with 400 validation_failed naming the field', async () => {
      const unstorable = field.kind === 'date' ? unstorableDay : unstorableInstant;
      await fc.assert(
        fc.asyncProperty(unstorable, body, async (value, generated) => {
          const response = await send(endpoint, field, value, generated);
          expect(response.statusCode, `${value}: ${response.body.slice(0, 300)}`).toBe(400);
          expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
          const answer = response.json<{ code: string; details?: { path: string }[] }>();
          expect(answer.code).toBe('validation_failed');
          expect(answer.details?.map((detail) => detail.path)).toContain(field.path.join('.'));
        }),
        { numRuns: 40, seed: 20_261_128 },
      );
    }, 120_000);

    it('answers a date at the edge of what is stored without a 5xx', async () => {
      const edge = field.kind === 'date' ? edgeDay : edgeInstant;
      await fc.assert(
        fc.asyncProperty(edge, body, async (value, generated) => {
          const response = await send(endpoint, field, value, generated);
          expect(response.statusCode, `${value}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: 12, seed: 20_261_128 },
      );
    }, 120_000);
  });
});
