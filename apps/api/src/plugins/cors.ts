import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
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

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const fields = typeof current === 'string' && current !== '' ? current.split(/\s*,\s*/) : [];
  if (fields.some((existing) => existing.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Lets the pages of the listed origins call the API and the local driver's upload and download
 * URLs. The `Origin` header is echoed only when listed (never `*`); any other origin gets no CORS
 * header at all, so its browser keeps the answer from its script. Preflights are answered here,
 * before routing reaches authentication, since a browser never sends credentials with them.
 */
export const corsPlugin = fp<CorsOptions>(
  async (app: FastifyInstance, options) => {
    if (options.origins.length === 0) return;
    const allowed = new Set(options.origins);

    const handleCors: onRequestHookHandler = (request, reply, done) => {
      const policy = policyFor(request.url, options.storageUrls);
      if (!policy) return done();
      // The answer depends on the Origin header, whatever it is: caches must keep them apart.
      addVary(reply, 'Origin');
      const origin = request.headers.origin;
      if (origin === undefined || !allowed.has(origin)) return done();

      reply.header('access-control-allow-origin', origin);
      const isPreflight =
        request.method === 'OPTIONS' && request.headers['access-control-request-method'];
      if (!isPreflight) {
        reply.header('access-control-expose-headers', policy.exposedHeaders);
        return done();
      }
      reply
        .code(204)
        .headers({
          'access-control-allow-methods': policy.methods,
          'access-control-allow-headers': policy.requestHeaders,
          'access-control-max-age': String(preflightMaxAgeSeconds),
          'content-length': '0',
        })
        .send();
    };
    app.addHook('onRequest', handleCors);
  },
  { name: 'cors' },
);
