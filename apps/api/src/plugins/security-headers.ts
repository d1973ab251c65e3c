import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** Extra origins the browser may send uploads to and load images from (an S3 store). */
  extraOrigins?: string[];
}

const hsts = 'max-age=31536000; includeSubDomains';

export function helmetOptions(extraOrigins: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extraOrigins],
        connectSrc: ["'self'", ...extraOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers helmet sets for these options. They are the same for every request, so helmet
 * runs once at start and each answer gets a copy, instead of helmet rebuilding its policy (CSP
 * parsing included) on every request.
 */
export function computeHelmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * What a JSON answer of the API needs (OWASP's REST security headers): it is never rendered nor
 * framed, never sniffed as something else, and never stored by a browser or a shared cache (it
 * holds a seller's data). The document headers (script and style sources, cross-origin
 * isolation, legacy browser switches) are for pages and would only weigh on every answer.
 */
export const apiHeaders: readonly [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['cache-control', 'no-store'],
];

/** Whether a path (without its query) is the API's: `/api` itself and everything under it. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The API's JSON routes; its documentation pages (`/api/docs`) are pages. */
export function isApiAnswer(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return isApiPath(pathname) && !pathname.startsWith('/api/docs');
}

/**
 * Pages and files (the web app, the API documentation, stored files): helmet's headers with a
 * CSP without inline scripts and no framing. API answers: `apiHeaders`. HSTS over HTTPS only.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    const documentHeaders = computeHelmetHeaders(helmetOptions(options.extraOrigins ?? []));
    const setHeaders: onRequestHookHandler = (request, reply, done) => {
      const headers = isApiAnswer(request.url) ? apiHeaders : documentHeaders;
      for (const [name, value] of headers) reply.header(name, value);
      if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
      done();
    };
    app.addHook('onRequest', setHeaders);
  },
  { name: 'security-headers' },
);
