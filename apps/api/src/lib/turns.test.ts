import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.ts';

/** A work that runs until `finish()` is called, and says when it started. */
function heldWork(log: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const ended = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      log.push(`start ${name}`);
      return ended;
    },
    finish: () => finish(name),
    fail: (error: Error) => fail(error),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('turns by key', () => {
  it('runs at most the given number of works of one key, the others in the order they came', async () => {
    const turns = createTurns(2);
    const log: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => heldWork(log, name));
    const results = works.map((held) => turns.run('product', held.work));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    works[1]?.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    works[0]?.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    works[2]?.finish();
    works[3]?.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(turns.size).toBe(0);
  });

  it('never holds the works of another key', async () => {
    const turns = createTurns(1);
    const log: string[] = [];
    const busy = heldWork(log, 'busy');
    const waiting = heldWork(log, 'waiting');
    const other = heldWork(log, 'other');
    const results = [
      turns.run('flash-sale', busy.work),
      turns.run('flash-sale', waiting.work),
      turns.run('quiet', other.work),
    ];
    await settle();
    expect(log).toEqual(['start busy', 'start other']);
    other.finish();
    await expect(results[2]).resolves.toBe('other');
    busy.finish();
    waiting.finish();
    await Promise.all(results);
    expect(turns.size).toBe(0);
  });

  it('hands the turn over when a work fails', async () => {
    const turns = createTurns(1);
    const log: string[] = [];
    const failing = heldWork(log, 'failing');
    const next = heldWork(log, 'next');
    const first = turns.run('key', failing.work);
    const second = turns.run('key', next.work);
    await settle();
    failing.fail(new Error('refused'));
    await expect(first).rejects.toThrow('refused');
    await settle();
    expect(log).toEqual(['start failing', 'start next']);
    next.finish();
    await expect(second).resolves.toBe('next');
    expect(turns.size).toBe(0);
  });

  it('refuses a number of turns that is not a whole number above zero', () => {
    expect(() => createTurns(0)).toThrow(RangeError);
    expect(() => createTurns(1.5)).toThrow(RangeError);
  });
});
