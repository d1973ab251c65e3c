import type { ErrorBody, ErrorCode } from '@seller/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { databaseUnavailable, unstorableText } from '../lib/database-errors.ts';

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

function clientErrorCode(error: FastifyError, status: number): ErrorCode {
  const mapped = codeByStatus[status];
  if (mapped) return mapped;
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) return 'invalid_json';
  return 'validation_failed';
}

/** One place that shapes every error as `{ error, code }`; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      if (error instanceof AppError) {
        const body: ErrorBody = { error: error.message, code: error.code };
        if (error.details) body.details = error.details;
        if (error.options.retryAfterSeconds !== undefined) {
          reply.header('Retry-After', String(error.options.retryAfterSeconds));
        }
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        return reply.code(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? 'invalid',
        }));
        const where = error.validationContext ?? 'body';
        const body: ErrorBody = {
          error: `Invalid ${where}: ${details.map((d) => `${d.path || where} ${d.message}`).join('; ')}`,
          code: 'validation_failed',
          details,
        };
        return reply.code(400).send(body);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const body: ErrorBody = { error: error.message, code: clientErrorCode(error, status) };
        if (status === 429 && error.message === '') body.error = 'Too many requests';
        return reply.code(status).send(body);
      }
      if (unstorableText(error)) {
        const body: ErrorBody = {
          error: 'The text contains a character that cannot be stored (such as NUL)',
          code: 'validation_failed',
        };
        return reply.code(400).send(body);
      }
      if (databaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        const body: ErrorBody = {
          error: 'Service temporarily unavailable',
          code: 'service_unavailable',
        };
        return reply.code(503).header('Retry-After', '2').send(body);
      }
      request.log.error({ err: error }, 'request failed');
      const body: ErrorBody =
        status === 503
          ? { error: 'Service temporarily unavailable', code: 'service_unavailable' }
          : { error: 'Internal server error', code: 'internal_error' };
      return reply.code(status === 503 ? 503 : 500).send(body);
    });
  },
  { name: 'error-handler' },
);
