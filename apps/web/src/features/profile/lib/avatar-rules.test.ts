import { describe, expect, it } from 'vitest';
import { avatarAccept, avatarProblem } from './avatar-rules';

const MB = 1024 * 1024;

describe('avatar checks', () => {
  it('accepts JPG, PNG, GIF and WebP images up to 5 MB', () => {
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ name: 'me.jpg', type: 'image/jpeg', size: 5 * MB })).toBeNull();
    expect(avatarAccept).toBe('image/jpeg,image/png,image/gif,image/webp');
  });

  it('refuses other types and SVG', () => {
    expect(avatarProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 })).toBe(
      'invalidImageType',
    );
    expect(avatarProblem({ name: 'notes', type: '', size: 10 })).toBe('invalidImageType');
    expect(avatarProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'invalidImageType',
    );
  });

  it('refuses images over 5 MB', () => {
    expect(avatarProblem({ name: 'me.webp', type: 'image/webp', size: 5 * MB + 1 })).toBe(
      'imageTooLarge',
    );
  });
});
