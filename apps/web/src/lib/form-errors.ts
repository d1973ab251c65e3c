import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './api-client';

/**
 * Puts the field issues of a 400 (`details: [{ path, code, message }]`) under the matching
 * form fields. The form keeps the `code` (a contract message key, or zod's issue code) and
 * translates it like its own checks' messages; the server's English `message` is not shown.
 * Returns whether any field got an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: ApiError,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let applied = false;
  for (const issue of error.details) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.code }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
