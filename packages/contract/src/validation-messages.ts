import { limits } from './limits.ts';

/**
 * The English text of every message key of the contract: the keys its schemas give as zod
 * messages and the ones the server's own rules report. An error's `details[].code` is the key
 * and `details[].message` this text. The web app has its own texts in six languages (its
 * locale files), so the keys are what it reads.
 */
export const validationMessages = {
  invalid: 'Please check this field.',
  required: 'This field is required.',

  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  nicknameRequired: 'Please enter a nickname.',
  nicknameOnlyLowercase: 'Use only lowercase letters and numbers.',
  nicknameLength: `The nickname must be ${limits.nickname.min} to ${limits.nickname.max} characters long.`,
  passwordRequired: 'Please enter your password.',
  passwordMin: `The password must be at least ${limits.signupPassword.min} characters long.`,
  passwordMax: `The password must be at most ${limits.password.max} characters long.`,
  passwordMismatch: 'The passwords do not match.',
  confirmPasswordRequired: 'Please confirm your password.',
  termsRequired: 'Please agree to the Terms of Service and the Privacy Policy.',
  newPasswordRequired: 'Please enter a new password.',
  passwordTooShort: `The new password must be at least ${limits.newPassword.min} characters long.`,
  passwordTooCommon: 'This password is too common. Please choose a harder one.',
  wrongPassword: 'The current password is not correct.',
  resetTokenRequired: 'The reset link is incomplete. Open the link from the email again.',
  resetTokenInvalid: 'This reset link is not valid any more. Ask for a new one.',
  emailChangeTokenRequired:
    'The confirmation link is incomplete. Open the link from the email again.',
  emailChangeTokenInvalid:
    'This confirmation link is not valid any more. Ask for the change again.',
  twoFactorCodeRequired: 'Please enter the 6-digit code from your authenticator app.',
  twoFactorCodeInvalid: 'This code is not valid. Check your authenticator app and try again.',
  recoveryCodeRequired: 'Please enter one of your recovery codes.',
  twoFactorChallengeInvalid: 'This sign-in has expired or had too many tries. Sign in again.',
  languageInvalid: 'This language is not supported.',
  tokenNameRequired: 'Please give the token a name.',
  tokenNameTooLong: 'The name can be at most 60 characters long.',
  scopesRequired: 'Please choose at least one scope.',
  scopeInvalid: 'Choose scopes among products:read, products:write and sales:read, each once.',
  webhookUrlRequired: 'Please enter the URL to send events to.',
  webhookUrlInvalid: 'Please enter a valid https URL.',
  webhookUrlNotAllowed: 'This address cannot receive webhooks (private or local network).',
  webhookEventsRequired: 'Please choose at least one event.',
  webhookEventInvalid:
    'Choose events among sale.created, sale.refunded, product.updated and payout.paid, each once.',
  saleNotificationsInvalid: 'Choose on each sale, daily summary or never.',
  bioTooLong: `The bio can be at most ${limits.bio.max} characters long.`,

  titleRequired: 'Please enter a title.',
  titleTooLong: `The title can be at most ${limits.title.max} characters long.`,
  descriptionInvalid: 'The description must be text.',
  descriptionTooLong: 'The description is too long.',
  priceRequired: 'Please enter a price.',
  priceInvalid: 'The price must be a whole number of dollars greater than 0.',
  priceTooHigh: 'The price is too high.',
  priceNotEditable: 'The price cannot change after creation.',
  statusInvalid: 'The status must be active or inactive.',
  statusNotEditable: 'A product under review cannot change its status.',
  fileRequired: 'Please add at least one file.',
  tooManyFiles: `A product can have at most ${limits.productFiles.max} files.`,
  thumbnailRequired: 'Please add at least one thumbnail image.',
  maxImages: `A product can have at most ${limits.thumbnails.max} images.`,
  minimumThumbnailRequired: 'At least one thumbnail must remain.',
  downloadLimitInvalid: `The download limit must be a whole number from ${limits.downloadLimit.min} (unlimited) to ${limits.downloadLimit.max}.`,
  oneMainThumbnail: 'Only one thumbnail can be the main one.',
  duplicateUpload: 'The same upload is listed more than once.',
  uploadInvalid: 'Each upload needs the s3Key of a completed upload.',
  uploadNotFound: 'This is not a completed upload of yours.',
  uploadAlreadyAttached: 'This upload is already used by a product.',
  uploadIncomplete: 'The file has not been stored completely yet.',
  idInvalid: 'This id is not valid.',
  fileNotFound: 'This file is not part of the product.',
  thumbnailNotFound: 'This thumbnail is not part of the product.',

  fileNameRequired: 'Please give the file name.',
  fileNameTooLong: 'The file name can be at most 255 characters long.',
  invalidFileType: 'Only PDF, ZIP and video files (MP4, MPEG, MOV, AVI) can be uploaded.',
  invalidImageType: 'Only JPG, PNG, GIF and WebP images can be uploaded.',
  invalidFileSize: 'The file size must be a whole number of bytes.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: 'The file is too large.',
  imageTooLarge: 'The image is too large.',
  invalidPartNumber: 'This part number is outside the upload.',
  partTooLarge: 'This part is too large.',
  partTooSmall:
    'Every part but the last must be at least 5 MiB, and no larger than the first part.',

  pageInvalid: 'The page must be a whole number from 1.',
  limitInvalid: `The limit must be a whole number from 1 to ${limits.transactions.maxLimit}.`,
  daysInvalid: `The number of days must be a whole number from 1 to ${limits.dailySales.maxDays}.`,
  periodInvalid: 'The period must be all, today, week or month.',
  dayInvalid: 'The day must be a date written as YYYY-MM-DD.',

  settlementFieldRequired: 'Please fill in this field, or leave this payout method empty.',
  settlementFieldTooLong: 'This text is too long.',
  alipayPhoneInvalid: 'Enter a Chinese mobile number: +86 followed by 11 digits starting with 1.',
  swiftCodeInvalid: 'A SWIFT code has 8 or 11 letters and digits, e.g. KOEXKRSE.',
  bankAccountInvalid: 'Use only letters, digits, spaces and dashes.',

  orderIdInvalid: 'The order id must be printable ASCII without spaces.',
  orderIdReused: 'This order id is already recorded with different content.',
  countryInvalid: 'The country must be an ISO 3166-1 alpha-2 code, such as KR or CN.',
  saleTextTooLong: 'This text is too long.',
  purchasedAtInFuture: 'The purchase time is in the future.',
  purchasedAtTooEarly: 'The purchase time is before the year 2000.',
  refundIdInvalid: 'The refund id must be printable ASCII without spaces.',
  refundIdReused: 'This refund id is already recorded with different content.',
  refundExceedsSale: 'The refund is more than what is left of the sale.',
  refundedAtInFuture: 'The refund time is in the future.',
  refundedAtBeforeSale: 'The refund time is before the sale.',
  dateOutOfRange: 'The date must be between 2000-01-01 and 2100-12-31.',
  dateRangeInvalid: 'The first day must not be after the last day.',
  periodTooLong: `The period can be at most ${limits.conversion.maxDays} days long.`,
  groupByInvalid: 'The grouping must be product, source, campaign, country or day.',
  productIdInvalid: 'The product id must be a UUID.',
  viewDayOutOfRange: 'The day of the views must not be in the future or before the year 2000.',

  payoutIdInvalid: 'The payout id must be printable ASCII without spaces.',
  payoutIdReused: 'This payout id is already recorded with different content.',
  paidAtInFuture: 'The payout time is in the future.',
  paidAtTooEarly: 'The payout time is before the year 2000.',
  payoutExceedsBalance: "The payout is more than the seller's balance.",
  payoutMethodMissing: 'The seller has not filled in the details of this payout method.',
} as const satisfies Record<string, string>;

export type ValidationCode = keyof typeof validationMessages;

export function isValidationCode(key: string): key is ValidationCode {
  return Object.hasOwn(validationMessages, key);
}
