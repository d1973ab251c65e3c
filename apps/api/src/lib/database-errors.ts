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
