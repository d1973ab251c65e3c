import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ApiErrorCode, apiErrorOf } from './api-error';

/**
 * Puts a refused save's errors under the form's fields; returns whether any field got one.
 * `fieldOfCode` names the field that a code is about when the server sends no `details`
 * (`email_taken` → email): the field then shows the code's text. Otherwise each issue of
 * `details: [{ path, code, message }]` goes under its field with its `code` (a contract
 * message key, translated like the form's own checks); the server's English `message` is
 * not shown.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fieldOfCode: Partial<Record<ApiErrorCode, Path<T>>> = {},
): boolean {
  const apiError = apiErrorOf(error);
  if (!apiError) return false;
  const field = fieldOfCode[apiError.code];
  if (field) {
    setError(field, { type: 'server', message: apiError.code }, { shouldFocus: true });
    return true;
  }
  let applied = false;
  for (const issue of apiError.details) {
    const target = fields.find((name) => name === issue.path);
    if (!target) continue;
    setError(target, { type: 'server', message: issue.code }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
