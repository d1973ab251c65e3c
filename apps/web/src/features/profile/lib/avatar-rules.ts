import { checkUpload, uploadKindRules } from '@seller/contract/upload-types';

export type AvatarProblem = 'invalidImageType' | 'imageTooLarge';

/**
 * The contract's avatar check (a JPG, PNG, GIF or WebP image of at most 5 MB), made before
 * anything is uploaded. Returns the message key of the problem, if any.
 */
export function avatarProblem(file: {
  name: string;
  type: string;
  size: number;
}): AvatarProblem | null {
  const check = checkUpload('avatar', file);
  if (check.ok) return null;
  return check.reason === 'size' ? 'imageTooLarge' : 'invalidImageType';
}

/** The file picker's `accept`: the types of the images an avatar may be. */
export const avatarAccept = [
  ...new Set(uploadKindRules.avatar.types.map((type) => type.canonicalType)),
].join(',');
