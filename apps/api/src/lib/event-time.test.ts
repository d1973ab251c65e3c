import { describe, expect, it } from 'vitest';
import { eventTime, maxClockSkewMs } from './event-time.ts';

describe('eventTime', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('takes the time sent, or now when none is', () => {
    expect(eventTime('2026-11-27T09:30:00+09:00', now)).toEqual({
      at: new Date('2026-11-27T00:30:00Z'),
    });
    expect(eventTime(undefined, now)).toEqual({ at: now });
  });

  it('takes a time a little ahead of ours, refuses one further ahead or before 2000', () => {
    const ahead = new Date(now.getTime() + maxClockSkewMs).toISOString();
    expect(eventTime(ahead, now)).toEqual({ at: new Date(ahead) });
    const tooFar = new Date(now.getTime() + maxClockSkewMs + 1).toISOString();
    expect(eventTime(tooFar, now)).toEqual({ refused: 'inFuture' });
    expect(eventTime('2000-01-01T00:00:00Z', now)).toEqual({
      at: new Date('2000-01-01T00:00:00Z'),
    });
    expect(eventTime('1999-12-31T23:59:59.999Z', now)).toEqual({ refused: 'tooEarly' });
  });
});
