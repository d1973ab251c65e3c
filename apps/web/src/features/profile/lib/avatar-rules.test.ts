import { describe, expect, it } from 'vitest';
import { avatarProblem } from './avatar-rules';

const MB = 1024 * 1024;

describe('avatar checks', () => {
  it('accepts images up to 5 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: 5 * MB })).toBeNull();
  });

  it('refuses other types and SVG', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe('invalidImageType');
    expect(avatarProblem({ type: '', size: 10 })).toBe('invalidImageType');
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe('invalidImageType');
  });

  it('refuses images over 5 MB', () => {
    expect(avatarProblem({ type: 'image/webp', size: 5 * MB + 1 })).toBe('imageTooLarge');
  });
});
