import { limits } from '@seller/contract/limits';

export type AvatarProblem = 'invalidImageType' | 'imageTooLarge';

/**
 * Spec section 5: the avatar's type must begin with `image/` (SVG is refused: it can carry
 * scripts) and it may be at most 5 MB. Returns the message key of the first problem.
 */
export function avatarProblem(file: { type: string; size: number }): AvatarProblem | null {
  const type = file.type.toLowerCase();
  if (!type.startsWith('image/') || type.startsWith('image/svg')) return 'invalidImageType';
  if (file.size > limits.avatar.maxBytes) return 'imageTooLarge';
  return null;
}
