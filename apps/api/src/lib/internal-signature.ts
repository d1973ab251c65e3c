import { createHmac, timingSafeEqual } from 'node:crypto';
// Declares the OpenAPI fields of a route schema (`security`) that the internal scope sets.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Signed calls from the member site (purchases, product views, exchange rates), signed like a
 * webhook: `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`.
 */
export const signatureHeader = 'x-signature';
/** A signature older (or further in the future) than this is refused: replay window. */
export const signatureToleranceSeconds = 5 * 60;

/** The signature as the OpenAPI document declares it, on every route of the internal scope. */
export const signatureSecurityScheme = {
  name: 'memberSignature',
  scheme: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description:
      'Calls of the member site are signed like webhooks: `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(INTERNAL_API_SECRET, t + "." + raw body)>`, the HMAC taken over the exact bytes sent. A signature more than five minutes old or ahead is refused (401), and so is any other mismatch. Without INTERNAL_API_SECRET on the server, these calls answer 404.',
  },
} as const;

/** The challenge of a 401 of the internal scope: the signature is what is missing. */
const signatureChallenge = 'Signature realm="member-site", headers="x-signature"';

const nowInSeconds = () => Math.floor(Date.now() / 1000);

function hmac(secret: string, timestamp: string, rawBody: Buffer | string): Buffer {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest();
}

/** The `X-Signature` value for a body sent at `timestamp` (unix seconds). */
export function signInternalRequest(
  secret: string,
  rawBody: Buffer | string,
  timestamp: number = nowInSeconds(),
): string {
  const t = String(Math.trunc(timestamp));
  return `t=${t},v1=${hmac(secret, t, rawBody).toString('hex')}`;
}

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'expired' | 'mismatch';

/** Checks a signature header against the exact bytes received, in constant time. */
export function verifyInternalSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer | string,
  now: number = nowInSeconds(),
): SignatureCheck {
  if (!header) return 'missing';
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') candidates.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || candidates.length === 0) return 'malformed';
  if (Math.abs(now - Number(timestamp)) > signatureToleranceSeconds) return 'expired';
  const expected = hmac(secret, timestamp, rawBody);
  let matched = false;
  for (const candidate of candidates) {
    if (!/^[0-9a-fA-F]{64}$/.test(candidate)) continue;
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched ? 'valid' : 'mismatch';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact body bytes of a signed internal call (null when there is no body). */
    internalRawBody: Buffer | null;
    /** Why the body could not be read (bad JSON, other type): reported after the signature. */
    internalBodyError: Error | null;
  }
}

export type InternalRoutes = (scope: FastifyInstance) => void | Promise<void>;

export interface InternalApiOptions {
  /** Without a secret none of the routes is registered: /api/internal/* answers 404. */
  secret: string | undefined;
  routes: InternalRoutes[];
}

/**
 * An encapsulated scope for the internal API: JSON bodies are kept as raw bytes for the HMAC,
 * and every request must carry a valid, fresh signature (401 otherwise) before validation.
 */
export const internalApiPlugin: FastifyPluginAsync<InternalApiOptions> = async (
  app,
  { secret, routes },
) => {
  if (!secret) return;
  app.decorateRequest('internalRawBody', null);
  app.decorateRequest('internalBodyError', null);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const bytesOf = (body: Buffer | string) =>
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  // A body that cannot be parsed is refused only once the signature is checked, so that an
  // unsigned caller always gets the same 401, whatever it sends.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = bytesOf(body);
    request.internalRawBody = bytes;
    parseJson(request, bytes.toString('utf8'), (error, value) => {
      if (error) request.internalBodyError = error;
      done(null, error ? undefined : value);
    });
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    request.internalRawBody = bytesOf(body);
    request.internalBodyError = new AppError(
      'unsupported_media_type',
      `Unsupported Media Type: ${request.headers['content-type'] ?? ''}`,
    );
    done(null, undefined);
  });
  app.addHook('preValidation', async (request, reply) => {
    const header = request.headers[signatureHeader];
    const check = verifyInternalSignature(
      secret,
      Array.isArray(header) ? header[0] : header,
      request.internalRawBody ?? '',
    );
    if (check !== 'valid') {
      reply.header('www-authenticate', signatureChallenge);
      throw new AppError('unauthorized', 'Missing or invalid signature');
    }
    if (request.internalBodyError) throw request.internalBodyError;
  });
  // Every route of this scope is signed, whatever its contract says about seller tokens.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ [signatureSecurityScheme.name]: [] }] };
  });
  for (const register of routes) await register(app);
};
