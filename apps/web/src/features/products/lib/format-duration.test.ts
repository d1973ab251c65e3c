import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('time left', () => {
  it('rounds up: seconds by five, then minutes, then hours and minutes', () => {
    expect(formatDuration(0.2, 'en')).toBe('5 seconds');
    expect(formatDuration(41, 'en')).toBe('45 seconds');
    expect(formatDuration(56, 'en')).toBe('1 minute');
    expect(formatDuration(150, 'en')).toBe('3 minutes');
    expect(formatDuration(3600, 'en')).toBe('1 hour');
    expect(formatDuration(2 * 3600 + 9 * 60 + 1, 'en')).toBe('2 hours 10 minutes');
  });

  it('speaks the interface language', () => {
    expect(formatDuration(150, 'ko')).toBe('3분');
    expect(formatDuration(150, 'zh')).toBe('3分钟');
    expect(formatDuration(150, 'fr')).toBe('3 minutes');
    expect(formatDuration(150, 'tr')).toBe('3 dakika');
  });
});
