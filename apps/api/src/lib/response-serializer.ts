import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const primitiveTypes = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The schema in the subset that fast-json-stringify writes exactly: a nullable value (zod's
 * `anyOf: [X, { type: 'null' }]`) becomes `X` with `nullable: true`; any other union, or a
 * keyword that would make fast-json-stringify choose at run time, gives undefined.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map(simplify);
    return items.includes(undefined) ? undefined : items;
  }
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = schema as JsonSchema;
  const union = source.anyOf ?? source.oneOf;
  if (Array.isArray(union)) {
    const others = union.filter((member: JsonSchema) => member?.type !== 'null');
    if (union.length !== 2 || others.length !== 1) return undefined;
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = source;
    const inner = simplify(others[0]);
    if (inner === undefined) return undefined;
    return { ...rest, ...(inner as JsonSchema), nullable: true };
  }
  if ('allOf' in source || 'not' in source || 'if' in source || '$ref' in source) return undefined;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === '$schema' || key === 'pattern') continue;
    const simplified =
      key === 'properties' || key === 'definitions' || key === '$defs'
        ? simplifyEach(value)
        : simplify(value);
    if (simplified === undefined) return undefined;
    copy[key] = simplified;
  }
  // A bare `type: [X, 'null']` (zod writes some nullable primitives so) is kept as it is.
  if (
    Array.isArray(copy.type) &&
    !copy.type.every((type) => primitiveTypes.has(type) || type === 'null')
  ) {
    return undefined;
  }
  return copy;
}

function simplifyEach(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return undefined;
  const copy: JsonSchema = {};
  for (const [name, value] of Object.entries(properties)) {
    const simplified = simplify(value);
    if (simplified === undefined) return undefined;
    copy[name] = simplified;
  }
  return copy;
}

/**
 * The JSON Schema of a zod response schema when fast-json-stringify can write its answers
 * exactly as the zod schema would; undefined when it cannot (transforms, unions, refinements
 * that only zod can check).
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
  return simplify(json) as JsonSchema | undefined;
}

/**
 * Answers written by fast-json-stringify, compiled once per route from the response schema's
 * JSON Schema: only the properties the contract declares are written, and a missing required
 * one fails the answer, as with zod. About ten times cheaper per answer than checking it with
 * zod and then calling `JSON.stringify`, which a profile of the product list showed as a fifth
 * of its CPU. A schema fast-json-stringify cannot write exactly keeps zod's serializer.
 */
export const compileResponseSerializer: FastifySerializerCompiler<z.ZodType> = (route) => {
  const json = route.schema instanceof z.ZodType ? responseJsonSchema(route.schema) : undefined;
  if (!json) return zodSerializerCompiler(route);
  const stringify = fastJson(json);
  return (data) => stringify(data);
};

/**
 * `serialize` compiled by `compile` when it is first called, not before: Fastify asks for every
 * route's serializer as the app starts, and compiling them all there (about 80 ms with the CPU
 * of a small host) delayed the first answer; a route compiles its own with its first answer,
 * in about a millisecond. `response-serializer.test.ts` compiles every route's at once, so that
 * a schema that cannot compile still fails a test rather than a first answer.
 */
export function compiledOnFirstCall<A extends unknown[], R>(
  compile: () => (...args: A) => R,
): (...args: A) => R {
  let compiled: ((...args: A) => R) | undefined;
  return (...args) => {
    compiled ??= compile();
    return compiled(...args);
  };
}

/** The app's serializer compiler: `compileResponseSerializer`, compiled on the first answer. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  compiledOnFirstCall(() => compileResponseSerializer(route));

/**
 * The serializer a route answering with `schema` gets, for a handler that needs the answer's
 * bytes itself (to hash them into an ETag): the same text the route would send.
 */
export function compileSerializer(schema: z.ZodType, url: string): (data: unknown) => string {
  return compileResponseSerializer({ schema, method: 'GET', url, httpStatus: '200' });
}
