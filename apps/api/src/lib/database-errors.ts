/** Walks an error's causes (Drizzle wraps driver errors) looking for a PostgreSQL error. */
function findPostgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (typeof current === 'object' && current !== null && 'code' in current) {
      const candidate = current as { code?: unknown; constraint?: unknown };
      if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
        return {
          code: candidate.code,
          constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        };
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The violated unique constraint's name, or undefined when the error is something else. */
export function uniqueViolation(error: unknown): string | undefined {
  const pgError = findPostgresError(error);
  if (pgError?.code !== '23505') return undefined;
  return pgError.constraint ?? 'unknown';
}

/**
 * Text PostgreSQL cannot store (a NUL character, an invalid byte sequence): bad input from
 * the client, answered with a 400 rather than a 500.
 */
export function unstorableText(error: unknown): boolean {
  const code = findPostgresError(error)?.code;
  return code === '22021' || code === '22P05';
}

const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);
const unavailableMessages = [
  /connection terminated/i,
  /connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
];

/**
 * The database cannot be reached right now (restarting, failed over, out of connections):
 * a 503 the caller may retry, not a bug. SQL states of class 08 and the shutdown states,
 * socket errors, and node-postgres's messages for a lost connection.
 */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (typeof current === 'object' && current !== null) {
      const { code, message } = current as { code?: unknown; message?: unknown };
      if (typeof code === 'string') {
        if (code.startsWith('08') && code.length === 5) return true;
        if (unavailableSqlStates.has(code) || unavailableNodeCodes.has(code)) return true;
      }
      if (
        typeof message === 'string' &&
        unavailableMessages.some((pattern) => pattern.test(message))
      ) {
        return true;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
