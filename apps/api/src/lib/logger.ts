import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Strips what must never reach a log: query strings (URL signatures) and signed path tokens. */
export function redactUrl(url: string): string {
  const [pathname] = url.split('?');
  return (pathname ?? '').replace(/\/storage\/(upload|download)\/[^/]+/, '/storage/$1/[signed]');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-signature"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
