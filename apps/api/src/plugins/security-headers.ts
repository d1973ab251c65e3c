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

/** CSP without inline scripts, no framing, nosniff, a referrer policy; HSTS only over HTTPS. */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    const headers = computeHelmetHeaders(helmetOptions(options.extraOrigins ?? []));
    const setHeaders: onRequestHookHandler = (request, reply, done) => {
      for (const [name, value] of headers) reply.header(name, value);
      if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
      done();
    };
    app.addHook('onRequest', setHeaders);
  },
  { name: 'security-headers' },
);
