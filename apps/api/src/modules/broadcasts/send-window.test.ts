import { describe, expect, it } from 'vitest';
import { nextSeoulSendTime } from './send-window.ts';

const at = (iso: string) => nextSeoulSendTime(new Date(iso)).toISOString();

describe('the Seoul sending window of Korean marketing mail', () => {
  it('sends at once from 08:00 to just before 21:00 in Seoul', () => {
    // 08:00 and 20:59 Seoul.
    expect(at('2026-03-01T23:00:00.000Z')).toBe('2026-03-01T23:00:00.000Z');
    expect(at('2026-03-02T11:59:00.000Z')).toBe('2026-03-02T11:59:00.000Z');
  });

  it('waits for the next morning from 21:00', () => {
    // 21:00 Seoul on 2 March → 08:00 on 3 March (23:00 UTC on the 2nd).
    expect(at('2026-03-02T12:00:00.000Z')).toBe('2026-03-02T23:00:00.000Z');
    // 23:30 Seoul on the last day of the month → 08:00 on the first of the next.
    expect(at('2026-03-31T14:30:00.000Z')).toBe('2026-03-31T23:00:00.000Z');
  });

  it('waits for the same morning after midnight', () => {
    // 03:00 Seoul on 3 March → 08:00 that day.
    expect(at('2026-03-02T18:00:00.000Z')).toBe('2026-03-02T23:00:00.000Z');
    // 07:59 Seoul.
    expect(at('2026-03-02T22:59:00.000Z')).toBe('2026-03-02T23:00:00.000Z');
  });
});
