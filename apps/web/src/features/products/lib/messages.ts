import { limits } from '@seller/contract/limits';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { UploadError } from '@/lib/upload/uploader';
import type en from '@/locales/en.json';

/**
 * Spec section 8 for the product screens: the server's `error` field first, then the
 * exception's message, then the screen's default text. An API error without a server text
 * only carries a client code, which is no message for a seller, so it gets the default.
 */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A success or error line shown above a product form. */
export interface FormNotice {
  kind: 'success' | 'error';
  text: string;
}

type ProductValidationKey = keyof (typeof en)['products']['validation'];

const validationParams = {
  titleMax: limits.title.max,
  filesMax: limits.productFiles.max,
  imagesMax: limits.thumbnails.max,
} as const;

function isProductValidationKey(key: string): key is ProductValidationKey {
  return i18n.exists(`products.validation.${key}`, { lng: 'en' });
}

/** Translates a contract message key (`titleRequired`…) of the product forms. */
export function productFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key: ProductValidationKey = isProductValidationKey(message) ? message : 'invalid';
  return t(`products.validation.${key}`, validationParams);
}

/** An upload failure in words that name the file; a cancel is 'upload cancelled'. */
export function uploadErrorText(t: TFunction, error: unknown, fallbackName: string): string {
  if (error instanceof UploadError) {
    switch (error.code) {
      case 'cancelled':
        return t('products.upload.cancelled');
      case 'invalid_type':
        return t('products.upload.invalidType', { name: error.fileName });
      case 'too_large':
        return t('products.upload.tooLarge', { name: error.fileName });
      default:
        return t('products.upload.failed', { name: error.fileName });
    }
  }
  return t('products.upload.failed', { name: fallbackName });
}

export function isCancelled(error: unknown): boolean {
  return error instanceof UploadError && error.code === 'cancelled';
}
