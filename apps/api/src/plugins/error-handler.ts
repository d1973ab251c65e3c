import type { ErrorBody, ErrorCode, ErrorIssue } from '@seller/contract/errors';
import { isValidationCode, validationMessages } from '@seller/contract/validation-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type AppErrorIssue } from '../lib/app-error.ts';
import { databaseUnavailable, unstorableText } from '../lib/database-errors.ts';
import { apiHeaders } from './security-headers.ts';

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** Fastify's own texts that would echo the whole URL back. */
const fastifyTexts: Partial<Record<string, string>> = {
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
  FST_ERR_BAD_URL: 'The URL is not valid',
};

/** Every 401 names the scheme to use (RFC 9110); a route may have set a more precise one. */
const bearerChallenge = 'Bearer realm="seller-center"';

function clientErrorCode(error: FastifyError, status: number): ErrorCode {
  const mapped = codeByStatus[status];
  if (mapped) return mapped;
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) return 'invalid_json';
  return 'validation_failed';
}

/**
 * A schema issue as an error detail: the contract's key and its English text when the issue's
 * message is one of those keys, otherwise zod's issue code and zod's own English message.
 */
function schemaIssue(path: string, zodCode: string, message: string | undefined): ErrorIssue {
  if (message !== undefined && isValidationCode(message)) {
    return { path, code: message, message: validationMessages[message] };
  }
  return { path, code: zodCode, message: message ?? 'Invalid value' };
}

/** A detail of a server rule, with the English text of its key. */
function ruleIssue({ path, code }: AppErrorIssue): ErrorIssue {
  return { path, code, message: validationMessages[code] };
}

interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
  /** How loud the log line is; client errors are not logged. */
  log?: { level: 'warn' | 'error'; message: string };
}

/** What an error answers: always `{ error, code, details? }` with the status of its code. */
function errorAnswer(error: FastifyError): ErrorAnswer {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: error.message, code: error.code };
    if (error.details) body.details = error.details.map(ruleIssue);
    const answer: ErrorAnswer = { status: error.statusCode, body };
    if (error.options.retryAfterSeconds !== undefined) {
      answer.headers = { 'retry-after': String(error.options.retryAfterSeconds) };
    }
    if (error.statusCode >= 500) answer.log = { level: 'error', message: error.message };
    return answer;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) =>
      schemaIssue(
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        issue.keyword,
        issue.message,
      ),
    );
    const where = error.validationContext ?? 'body';
    const summary = details.map((detail) => `${detail.path || where}: ${detail.message}`);
    return {
      status: 400,
      body: {
        error: `Invalid ${where}: ${summary.join('; ')}`,
        code: 'validation_failed',
        details,
      },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = clientErrorCode(error, status);
    const text = (error.code && fastifyTexts[error.code]) || error.message;
    return {
      status,
      body: { error: text || (status === 429 ? 'Too many requests' : 'Bad request'), code },
    };
  }
  if (unstorableText(error)) {
    return {
      status: 400,
      body: {
        error: 'The text contains a character that cannot be stored (such as NUL)',
        code: 'validation_failed',
      },
    };
  }
  if (databaseUnavailable(error)) {
    return {
      status: 503,
      body: { error: 'Service temporarily unavailable', code: 'service_unavailable' },
      headers: { 'retry-after': '2' },
      log: { level: 'warn', message: 'database unavailable' },
    };
  }
  const log = { level: 'error', message: 'request failed' } as const;
  return status === 503
    ? {
        status: 503,
        body: { error: 'Service temporarily unavailable', code: 'service_unavailable' },
        log,
      }
    : { status: 500, body: { error: 'Internal server error', code: 'internal_error' }, log };
}

function send(request: FastifyRequest, reply: FastifyReply, error: FastifyError) {
  const answer = errorAnswer(error);
  if (answer.log) request.log[answer.log.level]({ err: error }, answer.log.message);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  if (answer.status === 401 && !reply.hasHeader('www-authenticate')) {
    reply.header('www-authenticate', bearerChallenge);
  }
  return reply.code(answer.status).send(answer.body);
}

/**
 * Fastify's errors raised before any route runs (a URL it cannot decode, a path parameter
 * longer than `maxParamLength`): no hook has run, so the API headers are set here.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  for (const [name, value] of apiHeaders) reply.header(name, value);
  return send(request, reply, error);
}

/** One place that shapes every error as `{ error, code, details? }`; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => send(request, reply, error));
  },
  { name: 'error-handler' },
);
