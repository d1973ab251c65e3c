import { limits } from '@seller/contract/limits';
import type en from '@seller/locales/app/en.json';
import type { TFunction } from 'i18next';
import { i18n } from '@/lib/i18n';
import {
  type UploadError,
  type UploadErrorCode,
  type UploadFailureReason,
  uploadErrorOf,
  uploadFailureReason,
} from '@/lib/upload/uploader';

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

type UploadTextKey = `products.upload.${keyof (typeof en)['products']['upload']}`;

const uploadTextKeys: Record<UploadErrorCode, UploadTextKey> = {
  cancelled: 'products.upload.cancelled',
  invalid_type: 'products.upload.invalidType',
  too_large: 'products.upload.tooLarge',
  failed: 'products.upload.failed',
};

/** An upload failure in words that name the file; a cancel is 'upload cancelled'. */
export function uploadErrorText(t: TFunction, error: unknown): string {
  const upload = uploadErrorOf(error);
  return t(uploadTextKeys[upload?.code ?? 'failed'], { name: upload?.fileName ?? '' });
}

type FailureTextKey = `products.uploadFailure.${keyof (typeof en)['products']['uploadFailure']}`;

const failureTextKeys: Record<UploadFailureReason, FailureTextKey> = {
  cancelled: 'products.uploadFailure.cancelled',
  invalidType: 'products.uploadFailure.invalidType',
  tooLarge: 'products.uploadFailure.tooLarge',
  network: 'products.uploadFailure.network',
  server: 'products.uploadFailure.server',
  refused: 'products.uploadFailure.refused',
};

/** Why one file did not upload, shown beside it ('the connection was lost'). */
export function uploadFailureText(t: TFunction, error: UploadError): string {
  return t(failureTextKeys[uploadFailureReason(error)]);
}
