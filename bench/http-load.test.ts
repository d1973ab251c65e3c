import { afterEach, describe, expect, it, vi } from 'vitest';
import { Recorder } from './lib/http-load.ts';

/** Records an answer of `ms` that arrives at `arrivesAt` (a `performance.now()` time). */
function answer(recorder: Recorder, label: string, ms: number, arrivesAt: number) {
  vi.spyOn(performance, 'now').mockReturnValue(arrivesAt);
  recorder.record(label, 200, ms);
}

describe('Recorder: answers by when they were sent', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('takes the requests sent in a window, whenever they were answered', () => {
    const recorder = new Recorder();
    answer(recorder, 'read', 5, 1005); // sent at 1000
    answer(recorder, 'read', 40, 2040); // sent at 2000, answered after the window
    answer(recorder, 'other read', 10, 2510); // sent at 2500
    answer(recorder, 'read', 3, 3003); // sent at 3000: the window's end, left out
    answer(recorder, 'write', 99, 2199); // another label
    expect(recorder.latenciesSent(['read', 'other read'], 2000, 3000)).toEqual([10, 40]);
    expect(recorder.latenciesSent(['read'], 0, 10_000)).toEqual([3, 5, 40]);
    expect(recorder.latenciesSent(['missing'], 0, 10_000)).toEqual([]);
  });

  it('counts the requests answered in a window, whenever they were sent', () => {
    const recorder = new Recorder();
    answer(recorder, 'read', 900, 2100); // sent at 1200, before the window
    answer(recorder, 'read', 5, 2505);
    answer(recorder, 'other read', 10, 2999);
    answer(recorder, 'read', 1, 3000); // answered at the window's end, left out
    answer(recorder, 'write', 1, 2500); // another label
    expect(recorder.answeredWithin(['read', 'other read'], 2000, 3000)).toBe(3);
    expect(recorder.answeredWithin(['read'], 2000, 3000)).toBe(2);
    expect(recorder.answeredWithin(['missing'], 0, 10_000)).toBe(0);
  });

  it('knows when the last request sent in a window was answered', () => {
    const recorder = new Recorder();
    expect(recorder.lastAnswer(['write'], 0, 10_000)).toBeUndefined();
    answer(recorder, 'write', 4000, 5500); // sent at 1500, answered long after
    answer(recorder, 'write', 10, 2010); // sent at 2000
    answer(recorder, 'write', 9000, 12_000); // sent at 3000: after the window
    answer(recorder, 'read', 9000, 10_900); // sent at 1900: another label
    expect(recorder.lastAnswer(['write'], 1000, 3000)).toBe(5500);
    expect(recorder.lastAnswer(['write', 'read'], 1000, 3000)).toBe(10_900);
    expect(recorder.lastAnswer(['write'], 4000, 5000)).toBeUndefined();
  });

  it('knows when the first and the last of some labels were sent', () => {
    const recorder = new Recorder();
    expect(recorder.sendingSpan(['flash'])).toBeUndefined();
    answer(recorder, 'flash', 100, 5100);
    answer(recorder, 'flash', 20, 4020);
    answer(recorder, 'read', 1, 9001);
    expect(recorder.sendingSpan(['flash'])).toEqual({ first: 4000, last: 5000 });
  });

  it('leaves out a warm-up: what was sent before a time, its errors too', () => {
    const recorder = new Recorder();
    answer(recorder, 'read', 50, 1050); // sent at 1000, in the warm-up
    vi.spyOn(performance, 'now').mockReturnValue(1100);
    recorder.record('read', 0, 60); // no answer, sent at 1040, in the warm-up
    answer(recorder, 'read', 4, 3004); // sent at 3000
    answer(recorder, 'write', 9, 3509); // sent at 3500
    vi.spyOn(performance, 'now').mockReturnValue(4000);
    recorder.record('write', 503, 100); // sent at 3900
    const measured = recorder.sentFrom(3000, 2);
    expect(measured.seconds).toBe(2);
    expect(measured.count()).toBe(3);
    expect(measured.figures('read')).toMatchObject({ count: 1, errors: 0, p99: 4, perSecond: 1 });
    expect(measured.figures('write')).toMatchObject({
      count: 2,
      errors: 1,
      statuses: { 200: 1, 503: 1 },
    });
    expect(measured.latenciesSent(['write'], 3900, 3901)).toEqual([100]);
    expect(recorder.figures('read').errors).toBe(1);
  });

  it('keeps the send times of a merged recorder', () => {
    const first = new Recorder();
    const second = new Recorder();
    answer(first, 'read', 5, 105);
    answer(second, 'read', 7, 207);
    first.merge(second);
    expect(first.latenciesSent(['read'], 200, 201)).toEqual([7]);
    expect(first.count('read')).toBe(2);
  });
});
