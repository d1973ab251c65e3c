import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isApiAnswer } from './security-headers.ts';

export interface CorsOptions {
  /** Exact origins (`https://member.example.com`) whose pages may read the answers. */
  origins: readonly string[];
  /** The local driver's signed URLs are served here (with S3 the bucket has its own CORS). */
  storageUrls: boolean;
}

interface CorsPolicy {
  methods: string;
  requestHeaders: string;
  /** Response headers that are not CORS-safelisted but that the other site's script needs. */
  exposedHeaders: string;
}

/** Bearer tokens only, no cookies: no credentials mode, so nothing ambient is ever shared. */
const apiPolicy: CorsPolicy = {
  methods: 'GET, POST, PUT, DELETE',
  requestHeaders: 'authorization, content-type',
  exposedHeaders: 'WWW-Authenticate, Retry-After, Content-Disposition',
};

/**
 * The public reads (`/api/public/…`, the catalog): any site may read them, so their answers say
 * `*` and never depend on the origin. A script may revalidate with `If-None-Match` and read the
 * `ETag` it gets. (The public images they point at need no CORS to be shown by another site:
 * they say `Cross-Origin-Resource-Policy: cross-origin`, `storage/local-routes.ts`.)
 */
const publicReadPolicy: CorsPolicy = {
  methods: 'GET, HEAD',
  requestHeaders: 'if-none-match',
  exposedHeaders: 'ETag',
};

/** Whether a URL is one of the public reads, which every origin may read. */
export function isPublicRead(url: string): boolean {
  return url.startsWith('/api/public/');
}

/** A multipart upload cannot be completed without each part's ETag. */
const uploadPolicy: CorsPolicy = {
  methods: 'PUT',
  requestHeaders: 'content-type',
  exposedHeaders: 'ETag',
};

const downloadPolicy: CorsPolicy = {
  methods: 'GET, HEAD',
  requestHeaders: 'range',
  exposedHeaders: 'Content-Disposition, Content-Range, Accept-Ranges',
};

/**
 * Chromium caps a preflight's lifetime at two hours; a longer value would only matter to other
 * browsers and would keep a removed origin's preflights alive longer.
 */
const preflightMaxAgeSeconds = 7200;

function policyFor(url: string, storageUrls: boolean): CorsPolicy | undefined {
  if (isApiAnswer(url)) return apiPolicy;
  if (!storageUrls) return undefined;
  if (url.startsWith('/storage/upload/')) return uploadPolicy;
  if (url.startsWith('/storage/download/')) return downloadPolicy;
  return undefined;
}

/** An OPTIONS request without `Access-Control-Request-Method` is no preflight: routing answers it. */
const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

/**
 * Lets any site read the public reads (`Access-Control-Allow-Origin: *`, whatever the setting),
 * and the pages of the listed origins call the rest of the API and the local driver's upload
 * and download URLs. For those the `Origin` header is echoed only when listed (never `*`), with
 * `Vary: Origin`; any other origin gets no CORS header at all, so its browser keeps the answer
 * from its script, and its preflight falls through to routing (404). Preflights are answered in
 * `onRequest`, before a route's authentication, since a browser never sends credentials with
 * them. No credentials mode: bearer tokens only, nothing ambient is ever shared.
 *
 * Written here rather than with `@fastify/cors`: the policy above is all there is to it, and
 * that plugin's per-request options (a delegator, its options merged twice per request) cost
 * 13–14 µs of CPU on every answer, a third of a bare answer's cost (decision 057).
 */
export const corsPlugin = fp<CorsOptions>(
  async (app: FastifyInstance, options) => {
    const allowed = new Set(options.origins);
    const answer: onRequestHookHandler = (request, reply, done) => {
      const everyone = isPublicRead(request.url);
      const policy = everyone
        ? publicReadPolicy
        : allowed.size > 0
          ? policyFor(request.url, options.storageUrls)
          : undefined;
      if (!policy) return done();
      const { origin } = request.headers;
      let allowOrigin: string | undefined;
      if (everyone) allowOrigin = '*';
      else {
        // The answer depends on the asking origin: a cache must keep one per origin.
        reply.header('vary', 'Origin');
        if (origin !== undefined && allowed.has(origin)) allowOrigin = origin;
      }
      if (allowOrigin === undefined) return done();
      reply.header('access-control-allow-origin', allowOrigin);
      if (isPreflight(request)) {
        reply
          .header('access-control-allow-methods', policy.methods)
          .header('access-control-allow-headers', policy.requestHeaders)
          .header('access-control-max-age', String(preflightMaxAgeSeconds))
          .header('content-length', '0')
          .code(204)
          .send();
        return;
      }
      // A preflight's answer is never read by a script: only real answers expose headers.
      reply.header('access-control-expose-headers', policy.exposedHeaders);
      done();
    };
    app.addHook('onRequest', answer);
  },
  { name: 'cors' },
);
