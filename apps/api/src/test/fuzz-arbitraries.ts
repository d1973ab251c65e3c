import fc from 'fast-check';
import type { z } from 'zod';

/**
 * A small zod-4 → fast-check bridge for the fuzz tests: values that the contract schemas
 * accept (most of the time; refinements are not modelled), and mutations of them that a
 * careless or hostile client could send.
 */

type Def = Record<string, unknown> & { type: string };
type Check = Record<string, unknown> & { check: string };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((check) => check._zod.def);

/** Values known to exist (ids, storage keys, URLs), chosen by the name of the field. */
export interface KnownValues {
  /** Field name pattern → values that name an existing resource (own or another seller's). */
  byField: { field: RegExp; values: () => readonly string[] }[];
}

const noKnown: KnownValues = { byField: [] };

/** Strings that have broken servers: control characters, direction marks, emoji, surrogates. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  '🙂👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  'Ǆİıſ',
  '\u0130'.repeat(20),
  'e\u0301\u0301\u0301',
  '\r\n\t\v\f',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  `\${jndi:ldap://x}`,
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '__proto__',
  'constructor',
];

const nastyString = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc
    .array(fc.constantFrom(...nastyStrings, 'a', 'Z', '9', '@', '.'), { maxLength: 8 })
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

function knownFor(field: string | undefined, known: KnownValues): string[] {
  if (!field) return [];
  return known.byField.filter((entry) => entry.field.test(field)).flatMap((e) => [...e.values()]);
}

function withKnown(
  arbitrary: fc.Arbitrary<unknown>,
  field: string | undefined,
  known: KnownValues,
): fc.Arbitrary<unknown> {
  if (!field || !known.byField.some((entry) => entry.field.test(field))) return arbitrary;
  // Resolved at generation time: the ids exist only once the test has set its data up.
  const fromKnown = fc.constant(null).chain(() => {
    const values = knownFor(field, known);
    return values.length > 0 ? fc.constantFrom(...values) : arbitrary;
  });
  return fc.oneof({ weight: 2, arbitrary }, { weight: 3, arbitrary: fromKnown });
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = [def as unknown as Check, ...checksOf(def)];
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const patterns: RegExp[] = [];
  let format: string | undefined;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, Number(check.minimum));
    if (check.check === 'max_length') max = Math.min(max, Number(check.maximum));
    if (check.check === 'length_equals') {
      min = Number(check.length);
      max = Number(check.length);
    }
    if (check.check === 'string_format') {
      if (typeof check.format === 'string' && check.format !== 'regex') format = check.format;
      if (check.pattern instanceof RegExp) patterns.push(check.pattern);
    }
  }
  const fits = (value: string) => value.length >= min && value.length <= max;
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'datetime' || format === 'date') {
    return fc
      .date({ min: new Date('1999-06-01'), max: new Date('2101-06-01'), noInvalidDate: true })
      .chain((date) => {
        const iso = date.toISOString();
        if (format === 'date') return fc.constant(iso.slice(0, 10));
        return fc.constantFrom(iso, iso.replace('Z', '+09:00'), iso.replace(/\.\d+Z$/, 'Z'));
      });
  }
  const pattern = patterns[0];
  if (pattern) {
    const matching = fc.stringMatching(pattern).filter((value) => fits(value));
    return fc.oneof({ weight: 4, arbitrary: matching }, { weight: 1, arbitrary: nastyString });
  }
  const cap = Math.min(max, 64);
  const lower = Math.min(min, cap);
  const plain = fc.oneof(
    fc.string({ minLength: lower, maxLength: cap, unit: 'grapheme-ascii' }),
    fc.string({ minLength: lower, maxLength: cap, unit: 'grapheme' }),
    fc.string({ minLength: lower, maxLength: cap, unit: 'binary' }),
  );
  const edges: string[] = [];
  if (Number.isFinite(max) && max <= 20_000) edges.push('x'.repeat(max), 'y'.repeat(max + 1));
  if (min > 0) edges.push('z'.repeat(min), 'z'.repeat(min - 1));
  return fc.oneof(
    { weight: 8, arbitrary: plain },
    { weight: 2, arbitrary: nastyString },
    ...(edges.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...edges) }] : []),
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let minExcluded = false;
  let maxExcluded = false;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') {
      min = Number(check.value);
      minExcluded = check.inclusive !== true;
    }
    if (check.check === 'less_than') {
      max = Number(check.value);
      maxExcluded = check.inclusive !== true;
    }
    if (check.check === 'number_format') integer = true;
  }
  const edges = [min, max, min - 1, max + 1, 0, -1, 0.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308];
  if (integer) {
    const low = Math.ceil(minExcluded ? min + 1 : min);
    const high = Math.floor(maxExcluded ? max - 1 : max);
    const small =
      high - low <= 2 ** 31 && low >= -(2 ** 31) && high <= 2 ** 31
        ? fc.integer({ min: low, max: high })
        : fc.maxSafeInteger().filter((value) => value >= low && value <= high);
    const near = fc.integer({ min: 0, max: 1000 }).map((offset) => Math.min(high, low + offset));
    return fc.oneof(
      { weight: 6, arbitrary: small },
      { weight: 3, arbitrary: near },
      { weight: 1, arbitrary: fc.constantFrom(...edges) },
    );
  }
  return fc.oneof(
    { weight: 8, arbitrary: fc.double({ min, max, minExcluded, maxExcluded, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );
}

const isOptional = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** A value that the schema (most likely) accepts, as JSON would carry it. */
export function arbitraryFor(
  schema: z.ZodType,
  known: KnownValues = noKnown,
  field?: string,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.entries(shape);
      const record = Object.fromEntries(
        entries.map(([key, value]) => [key, arbitraryFor(value, known, key)]),
      );
      const requiredKeys = entries.filter(([, value]) => !isOptional(value)).map(([key]) => key);
      return fc.record(record, { requiredKeys });
    }
    case 'string':
      return withKnown(stringArbitrary(def), field, known);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array': {
      let minLength = 0;
      let maxLength = 12;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = Number(check.minimum);
        if (check.check === 'max_length') maxLength = Math.min(Number(check.maximum) + 1, 12);
      }
      return fc.array(arbitraryFor(def.element as z.ZodType, known, field), {
        minLength,
        maxLength: Math.max(minLength, maxLength),
      });
    }
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, known, field), {
        nil: null,
        freq: 4,
      });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, known, field), {
        nil: undefined,
        freq: 4,
      });
    case 'union':
      return fc.oneof(
        ...(def.options as z.ZodType[]).map((option) => arbitraryFor(option, known, field)),
      );
    case 'pipe': {
      const input = def.in as z.ZodType;
      const output = def.out as z.ZodType;
      if (defOf(output).type === 'transform') return arbitraryFor(input, known, field);
      return fc.oneof(arbitraryFor(input, known, field), arbitraryFor(output, known, field));
    }
    default:
      return fc.anything();
  }
}

// ---- mutations ----------------------------------------------------------------------------

/** A request body as sent on the wire. */
export interface WireBody {
  /** Exact text sent (undefined: no body at all). */
  text: string | undefined;
  contentType: string | undefined;
  /** What was done to the valid value, for failure reports. */
  mutation: string;
}

const weirdValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  '',
  '1',
  'true',
  'null',
  [],
  [1, 2, 3],
  ['a'],
  {},
  { a: 1 },
  { s3Key: 'x' },
  [{}],
];

const extraKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'sellerId',
  'seller_id',
  'id',
  'status',
  'sales_count',
  'view_count',
  'price',
  'token_version',
  'publicUrl',
  'bucket',
  'toString',
  'hasOwnProperty',
];

const wrongContentTypes = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/problem+json',
  '*/*',
  'garbage',
];

const invalidJsonTexts = [
  '',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  'Infinity',
  '-',
  'undefined',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999999}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":{"__proto__":{"polluted":1}}}',
  '[{"__proto__":null}]',
];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The paths of every value inside `value` (objects and arrays), the root included. */
function pathsOf(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
) {
  out.push(prefix);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      pathsOf(item, [...prefix, index], out);
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  }
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  if (isPlainObject(value)) {
    return { ...value, [head as string]: replaceAt(value[head as string], rest, replacement) };
  }
  return value;
}

function removeAt(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return undefined;
  if (path.length === 1) {
    const [key] = path;
    if (Array.isArray(value)) return value.filter((_, index) => index !== key);
    if (isPlainObject(value)) {
      const { [key as string]: _removed, ...rest } = value;
      return rest;
    }
    return value;
  }
  const [head, ...rest] = path;
  const inner = Array.isArray(value)
    ? value[head as number]
    : isPlainObject(value)
      ? value[head as string]
      : undefined;
  return replaceAt(value, [head as string | number], removeAt(inner, rest));
}

/** `encodeURIComponent` that also takes lone surrogates (sent as U+FFFD, as browsers do). */
export const encodeComponent = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );

const json = (value: unknown) => JSON.stringify(value) ?? 'null';

/** Adds a key as raw JSON text (so that `__proto__` really travels as a key). */
function withRawKey(value: unknown, key: string, extra: unknown): string {
  const text = json(value);
  const member = `${JSON.stringify(key)}:${json(extra)}`;
  if (isPlainObject(value)) {
    return Object.keys(value).length === 0 ? `{${member}}` : `{${member},${text.slice(1)}`;
  }
  return `{${member},"value":${text}}`;
}

function deepNesting(depth: number, kind: 'array' | 'object' | 'mixed'): string {
  if (kind === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (kind === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

const jsonType = 'application/json';

/** A valid body (most of the time), or one of many ways to spoil it. */
export function bodyArbitrary(
  schema: z.ZodType | undefined,
  known: KnownValues,
): fc.Arbitrary<WireBody> {
  const valid: fc.Arbitrary<unknown> = schema ? arbitraryFor(schema, known) : fc.constant({});
  const asJson =
    (mutation: string) =>
    (value: unknown): WireBody => ({
      text: json(value),
      contentType: jsonType,
      mutation,
    });
  return fc.oneof(
    { weight: 6, arbitrary: valid.map(asJson('valid')) },
    {
      weight: 3,
      arbitrary: valid.chain((value) => {
        const paths = pathsOf(value).filter((path) => path.length > 0);
        if (paths.length === 0) return fc.constant(asJson('valid (no field to drop)')(value));
        return fc
          .constantFrom(...paths)
          .map((path) => asJson(`drop ${path.join('.')}`)(removeAt(value, path)));
      }),
    },
    {
      weight: 4,
      arbitrary: valid.chain((value) =>
        fc
          .tuple(
            fc.constantFrom(...pathsOf(value)),
            fc.oneof(fc.constantFrom(...weirdValues), fc.anything({ maxDepth: 2 })),
          )
          .map(([path, replacement]) =>
            asJson(`wrong type at ${path.join('.') || '(root)'}`)(
              replaceAt(value, path, replacement),
            ),
          ),
      ),
    },
    {
      weight: 3,
      arbitrary: valid.chain((value) =>
        fc
          .tuple(fc.constantFrom(...pathsOf(value)), nastyString)
          .map(([path, text]) =>
            asJson(`nasty string at ${path.join('.') || '(root)'}`)(replaceAt(value, path, text)),
          ),
      ),
    },
    {
      weight: 1,
      arbitrary: valid.chain((value) =>
        fc
          .tuple(
            fc.constantFrom(...pathsOf(value)),
            fc.constantFrom(1_000, 70_000, 600_000, 2_000_000),
          )
          .map(([path, length]) =>
            asJson(`huge string (${length}) at ${path.join('.') || '(root)'}`)(
              replaceAt(value, path, '\u00e9'.repeat(length)),
            ),
          ),
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...extraKeys), fc.constantFrom(...weirdValues))
        .map(([value, key, extra]) => ({
          text: withRawKey(value, key, extra),
          contentType: jsonType,
          mutation: `extra key ${key}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(10, 1_000, 20_000, 100_000),
          fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
        )
        .map(([depth, kind]) => ({
          text: deepNesting(depth, kind),
          contentType: jsonType,
          mutation: `nested ${kind} ${depth} deep`,
        })),
    },
    {
      weight: 1,
      arbitrary: valid.map((value) => ({
        text: json([value]),
        contentType: jsonType,
        mutation: 'array instead of object',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...weirdValues).map((value) => ({
        text: json(value),
        contentType: jsonType,
        mutation: 'primitive or empty body',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom(...invalidJsonTexts), fc.string({ unit: 'binary', maxLength: 30 }))
        .map((text) => ({ text, contentType: jsonType, mutation: 'invalid JSON' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...wrongContentTypes, undefined))
        .map(([value, contentType]) => ({
          text: json(value),
          contentType,
          mutation: `content type ${contentType ?? '(none)'}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<WireBody>(
        { text: undefined, contentType: undefined, mutation: 'no body' },
        { text: undefined, contentType: jsonType, mutation: 'JSON type, no body' },
        { text: 'null', contentType: jsonType, mutation: 'null body' },
      ),
    },
  );
}

/** A query string (without `?`) from the schema's values, or a spoiled one. */
export function queryArbitrary(
  schema: z.ZodType | undefined,
  known: KnownValues,
): fc.Arbitrary<string> {
  const encode = (pairs: [string, string][]) =>
    pairs.map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`).join('&');
  const valid: fc.Arbitrary<[string, string][]> = schema
    ? arbitraryFor(schema, known).map((value) =>
        isPlainObject(value)
          ? Object.entries(value)
              .filter(([, item]) => item !== undefined)
              .map(([key, item]): [string, string] => [key, String(item)])
          : [],
      )
    : fc.constant([]);
  const keys =
    schema && isPlainObject(defOf(schema).shape) ? Object.keys(defOf(schema).shape as object) : [];
  const anyKey = fc.constantFrom(...keys, '__proto__', 'constructor', 'x', 'page[0]', '');
  const anyValue = fc.oneof(
    nastyString,
    fc.constantFrom(
      '-1',
      '0',
      '1.5',
      '1e3',
      '99999999999999999999',
      'NaN',
      ' 1',
      '1 ',
      '0x10',
      '[]',
    ),
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(encode) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.array(fc.tuple(anyKey, anyValue), { minLength: 1, maxLength: 4 }))
        .map(([pairs, extra]) => encode([...pairs, ...extra])),
    },
    {
      weight: 1,
      arbitrary: valid.map((pairs) => encode([...pairs, ...pairs])),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%ZZ',
        '%00',
        'page=%00',
        'limit=%E0%A4%A',
        '&&&',
        '=',
        '==1',
        'period',
        'days=',
        `a=${'b'.repeat(70_000)}`,
        'page=1&page=2&page=3',
      ),
    },
  );
}

const pathSegmentArbitrary = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).map((text) => encodeComponent(text)),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%00',
    '%ZZ',
    'null',
    'undefined',
    '-1',
    '0',
    '%20',
    'a'.repeat(5_000),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '{id}',
    ':id',
    '*',
  ),
);

/** A value for one path parameter: valid uuids, known ids, and rubbish. */
export function pathParamArbitrary(field: string, known: KnownValues): fc.Arbitrary<string> {
  const known_ = fc.constant(null).chain(() => {
    const values = knownFor(field, known);
    return values.length > 0 ? fc.constantFrom(...values) : fc.uuid();
  });
  return fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: known_ },
    { weight: 3, arbitrary: pathSegmentArbitrary },
  );
}
