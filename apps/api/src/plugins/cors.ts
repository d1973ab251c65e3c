import fastifyCors, {
  type AsyncOriginFunction,
  type FastifyCorsOptionsDelegatePromise,
} from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** No CORS header at all: the browser keeps the answer from another site's script. */
const noCors = { origin: false } as const;

/**
 * Lets any site read the public reads (`Access-Control-Allow-Origin: *`, whatever the setting),
 * and the pages of the listed origins call the rest of the API and the local driver's upload
 * and download URLs. For those the `Origin` header is echoed only when listed (never `*`); any
 * other origin gets no CORS header at all, so its browser keeps the answer from its script, and
 * its preflight falls through to routing (404). Preflights are answered in `onRequest`, before a
 * route's authentication, since a browser never sends credentials with them.
 */
export const corsPlugin = fp<CorsOptions>(
  async (app: FastifyInstance, options) => {
    const allowed = new Set(options.origins);
    // `true` echoes the request's own origin; `false` leaves the answer without CORS headers.
    const listed: AsyncOriginFunction = async (origin) =>
      origin !== undefined && allowed.has(origin);

    const optionsFor: FastifyCorsOptionsDelegatePromise = async (request) => {
      const everyone = isPublicRead(request.url);
      const policy = everyone
        ? publicReadPolicy
        : allowed.size > 0
          ? policyFor(request.url, options.storageUrls)
          : undefined;
      if (!policy) return noCors;
      const preflight = isPreflight(request);
      return {
        origin: everyone ? '*' : listed,
        methods: policy.methods,
        allowedHeaders: policy.requestHeaders,
        // A preflight's answer is never read by a script: nothing to expose there.
        ...(preflight ? {} : { exposedHeaders: policy.exposedHeaders }),
        maxAge: preflightMaxAgeSeconds,
        preflight,
        credentials: false,
      };
    };
    await app.register(fastifyCors, { delegator: optionsFor });
  },
  { name: 'cors' },
);
