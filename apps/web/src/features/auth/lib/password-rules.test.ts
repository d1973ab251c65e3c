import { describe, expect, it } from 'vitest';
import { passwordChecklist, passwordStrength } from './password-rules';

describe('password checklist', () => {
  it('checks length (6), a digit and a letter independently', () => {
    expect(passwordChecklist('')).toEqual({ minLength: false, digit: false, letter: false });
    expect(passwordChecklist('12345')).toEqual({ minLength: false, digit: true, letter: false });
    expect(passwordChecklist('abcdef')).toEqual({ minLength: true, digit: false, letter: true });
    expect(passwordChecklist('abc123')).toEqual({ minLength: true, digit: true, letter: true });
  });

  it('counts letters of any script', () => {
    expect(passwordChecklist('비밀번호1234').letter).toBe(true);
  });

  it('checks a new password against its own minimum length (8)', () => {
    expect(passwordChecklist('abc1234', 8).minLength).toBe(false);
    expect(passwordChecklist('abcd1234', 8).minLength).toBe(true);
  });
});

describe('password strength', () => {
  it.each([
    ['a', 'weak'],
    ['Ab1!', 'weak'],
    ['abcdef', 'weak'],
    ['aaaaaaaaaaaaaaaaaaaa', 'weak'],
    ['abc123', 'fair'],
    ['abcdef1234', 'good'],
    ['Abcdef12!', 'strong'],
    ['Abcdefgh12!x', 'veryStrong'],
    ['Correct-Horse-Battery-9', 'veryStrong'],
  ] as const)('%s is %s', (password, level) => {
    expect(passwordStrength(password).level).toBe(level);
  });

  it('never decreases as a password grows stronger', () => {
    const steps = ['abcdef', 'abcde1', 'abcde12345', 'Abcde12345', 'Abcde12345!', 'Abcde12345!xyz'];
    const scores = steps.map((password) => passwordStrength(password).score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores.at(-1)).toBe(4);
  });

  it('keeps a new password under its minimum length (8) weak', () => {
    expect(passwordStrength('Ab1!xyz').level).toBe('strong');
    expect(passwordStrength('Ab1!xyz', 8).level).toBe('weak');
    expect(passwordStrength('Ab1!xyzw', 8).level).toBe('strong');
  });
});
