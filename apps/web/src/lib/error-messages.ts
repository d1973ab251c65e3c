import type { ErrorCode } from '@seller/contract/errors';
import type en from '@seller/locales/app/en.json';
import type { TFunction } from 'i18next';
import { type ApiErrorCode, apiErrorOf, type ClientErrorCode } from './api-error';

export type ErrorMessageKey = `apiError.${keyof (typeof en)['apiError']}`;

/**
 * The words for every error code. Exhaustive on purpose: a code added to the contract's
 * catalogue fails the typecheck here until it has a text in the six languages.
 */
export const errorMessageKeys: Record<ErrorCode | ClientErrorCode, ErrorMessageKey> = {
  validation_failed: 'apiError.validationFailed',
  invalid_json: 'apiError.invalidJson',
  unauthorized: 'apiError.unauthorized',
  invalid_credentials: 'apiError.invalidCredentials',
  forbidden: 'apiError.forbidden',
  not_found: 'apiError.notFound',
  email_taken: 'apiError.emailTaken',
  nickname_taken: 'apiError.nicknameTaken',
  wrong_password: 'apiError.wrongPassword',
  password_too_common: 'apiError.passwordTooCommon',
  conflict: 'apiError.conflict',
  payload_too_large: 'apiError.payloadTooLarge',
  uri_too_long: 'apiError.uriTooLong',
  unsupported_media_type: 'apiError.unsupportedMediaType',
  rate_limited: 'apiError.rateLimited',
  service_unavailable: 'apiError.serviceUnavailable',
  internal_error: 'apiError.internalError',
  file_type_not_allowed: 'apiError.fileTypeNotAllowed',
  file_too_large: 'apiError.fileTooLarge',
  upload_not_found: 'apiError.uploadNotFound',
  upload_incomplete: 'apiError.uploadIncomplete',
  upload_size_mismatch: 'apiError.uploadSizeMismatch',
  upload_part_too_small: 'apiError.uploadPartTooSmall',
  upload_url_expired: 'apiError.uploadUrlExpired',
  length_required: 'apiError.lengthRequired',
  price_not_editable: 'apiError.priceNotEditable',
  status_not_editable: 'apiError.statusNotEditable',
  product_deleted: 'apiError.productDeleted',
  reset_token_invalid: 'apiError.resetTokenInvalid',
  email_change_token_invalid: 'apiError.emailChangeTokenInvalid',
  two_factor_code_invalid: 'apiError.twoFactorCodeInvalid',
  two_factor_challenge_invalid: 'apiError.twoFactorChallengeInvalid',
  two_factor_already_enabled: 'apiError.twoFactorAlreadyEnabled',
  two_factor_not_enabled: 'apiError.twoFactorNotEnabled',
  insufficient_scope: 'apiError.insufficientScope',
  webhook_url_not_allowed: 'apiError.webhookUrlNotAllowed',
  balance_outstanding: 'apiError.balanceOutstanding',
  // Only the member site's signed call answers it; the web app never sees it.
  refund_exceeds_sale: 'apiError.conflict',
  // The operator's signed calls only answer these; the web app never sees them.
  payout_exceeds_balance: 'apiError.conflict',
  payout_method_missing: 'apiError.conflict',
  // Only the member site's signed delivery call answers these; the web app never sees them.
  sale_refunded: 'apiError.conflict',
  download_limit_reached: 'apiError.forbidden',
  code_taken: 'apiError.codeTaken',
  discount_in_use: 'apiError.discountInUse',
  // Only the member site's signed discount calls answer these; the web app never sees them.
  discount_not_found: 'apiError.notFound',
  discount_inactive: 'apiError.conflict',
  discount_used_up: 'apiError.conflict',
  discount_not_applicable: 'apiError.conflict',
  discount_below_minimum: 'apiError.conflict',
  stamp_unavailable: 'apiError.serviceUnavailable',
  sample_pages_not_pdf: 'apiError.samplePagesNotPdf',
  sample_pages_beyond_document: 'apiError.samplePagesBeyondDocument',
  pdf_password_protected: 'apiError.pdfPasswordProtected',
  broadcast_too_frequent: 'apiError.broadcastTooFrequent',
  no_recipients: 'apiError.noRecipients',
  unsubscribe_token_invalid: 'apiError.unsubscribeTokenInvalid',
  network_error: 'apiError.networkError',
  invalid_response: 'apiError.invalidResponse',
  unknown_error: 'apiError.unknownError',
};

export function isApiErrorCode(value: string): value is ApiErrorCode {
  return Object.hasOwn(errorMessageKeys, value);
}

/**
 * What a screen says about a failure. An API error speaks in its code's words; a code this
 * build does not know (`unknown_error`) falls back to the server's own sentence, or to the
 * screen's `fallback` when there was none. Anything else (no API call failed) is `fallback`.
 */
export function errorMessage(t: TFunction, error: unknown, fallback: string): string {
  const apiError = apiErrorOf(error);
  if (!apiError) return fallback;
  if (apiError.code === 'unknown_error') return apiError.serverMessage || fallback;
  return t(errorMessageKeys[apiError.code]);
}
