import { hash } from 'node:crypto';
import type { Endpoint, ParamsOf, ResponseOf } from '@seller/contract/endpoint';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeSchema, toFastifyPath } from './define-route.ts';
import { compileSerializer } from './response-serializer.ts';

/**
 * Public reads that any site may cache and revalidate (the catalog): `Cache-Control` for shared
 * caches, a strong ETag that is the hash of the answer's bytes, and `If-None-Match` answered 304
 * without a body. The ETag of each page served is remembered for a few seconds, so that a
 * revalidation within them is answered without reading the database; after them, or for a page
 * not served yet, the page is read and hashed again.
 */

export const publicCacheControl = 'public, max-age=60, stale-while-revalidate=600';

/** The strong ETag of an answer: a hash of its exact bytes, the same on every server copy. */
export function strongEtag(body: string): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/**
 * Whether `If-None-Match` names `etag` (RFC 9110 §13.1.2: a list, `*`, or weak validators,
 * compared weakly).
 */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  if (header === etag) return true;
  for (const part of header.split(',')) {
    const candidate = part.trim();
    if (candidate === '*' || candidate === etag || candidate === `W/${etag}`) return true;
  }
  return false;
}

export interface EtagMemory {
  /** The ETag last served for `key`, if it was served within the memory's time. */
  recall(key: string): string | undefined;
  remember(key: string, etag: string): void;
  forget(key: string): void;
}

/**
 * The ETags served in the last `seconds` (0 remembers nothing), at most `maxEntries` of them
 * (the page first remembered goes first). `now` in milliseconds: the app's clock, which tests
 * move.
 */
export function createEtagMemory({
  seconds,
  now = Date.now,
  maxEntries = 100_000,
}: {
  seconds: number;
  now?: () => number;
  maxEntries?: number;
}): EtagMemory {
  const entries = new Map<string, { etag: string; until: number }>();
  const lifetime = seconds * 1000;
  return {
    recall(key) {
      if (lifetime === 0) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.etag;
      entries.delete(key);
      return undefined;
    },
    remember(key, etag) {
      if (lifetime === 0) return;
      const until = now() + lifetime;
      const entry = entries.get(key);
      if (entry) {
        // Updated where it stands: taking it out and adding it again on every answer made the
        // Map rebuild itself over and over.
        entry.etag = etag;
        entry.until = until;
        return;
      }
      entries.set(key, { etag, until });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    forget(key) {
      entries.delete(key);
    },
  };
}

export interface PublicReadOptions<E extends Endpoint> {
  /** The page's key in the ETag memory. */
  key: (params: ParamsOf<E>) => string;
  /** Reads the answer; throws (a 404 AppError) when there is none. */
  read: (params: ParamsOf<E>) => Promise<ResponseOf<E>>;
  memory: EtagMemory;
}

function notModified(reply: FastifyReply, etag: string) {
  return reply.code(304).header('etag', etag).header('cache-control', publicCacheControl).send();
}

/**
 * Registers a public GET of the contract: validated and documented like every route, answered
 * with the bytes the contract's serializer writes, cacheable, with its ETag and 304s. Who may
 * read it from another origin is the CORS plugin's (`plugins/cors.ts`).
 */
export function definePublicRead<E extends Endpoint & { method: 'GET' }>(
  app: FastifyInstance,
  endpoint: E,
  { key, read, memory }: PublicReadOptions<E>,
): void {
  if (!endpoint.response) throw new Error(`${endpoint.operationId}: a public read has an answer`);
  const serialize = compileSerializer(endpoint.response, endpoint.path);
  app.route({
    method: 'GET',
    url: toFastifyPath(endpoint.path),
    schema: routeSchema(endpoint),
    handler: async (request, reply) => {
      const params = request.params as ParamsOf<E>;
      const pageKey = key(params);
      const conditional = request.headers['if-none-match'];
      // The answer is the same for every origin: no `Vary: Origin` for caches to split on.
      reply.removeHeader('vary');
      // Anyone may show it, as a resource of another site too (the API's default is same-origin).
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (conditional !== undefined) {
        const known = memory.recall(pageKey);
        if (known !== undefined && ifNoneMatchHits(conditional, known)) {
          return notModified(reply, known);
        }
      }
      let answer: ResponseOf<E>;
      try {
        answer = await read(params);
      } catch (error) {
        memory.forget(pageKey);
        throw error;
      }
      const body = serialize(answer);
      const etag = strongEtag(body);
      memory.remember(pageKey, etag);
      if (conditional !== undefined && ifNoneMatchHits(conditional, etag)) {
        return notModified(reply, etag);
      }
      return reply
        .code(200)
        .header('etag', etag)
        .header('cache-control', publicCacheControl)
        .header('content-type', 'application/json; charset=utf-8')
        .send(body);
    },
  });
}
