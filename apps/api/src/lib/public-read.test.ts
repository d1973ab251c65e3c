import { describe, expect, it } from 'vitest';
import { createEtagMemory, ifNoneMatchHits, strongEtag } from './public-read.ts';

/** A memory on a clock the test moves. */
function memoryAt(seconds: number, maxEntries?: number) {
  let time = 1_000_000;
  const memory = createEtagMemory({
    seconds,
    now: () => time,
    ...(maxEntries === undefined ? {} : { maxEntries }),
  });
  return {
    memory,
    pass: (ms: number) => {
      time += ms;
    },
  };
}

describe('the ETag memory', () => {
  it('recalls what it served until its time is up, then reads again', () => {
    const { memory, pass } = memoryAt(5);
    memory.remember('product\na\n1', '"one"');
    pass(4_999);
    expect(memory.recall('product\na\n1')).toBe('"one"');
    pass(1);
    expect(memory.recall('product\na\n1')).toBeUndefined();
  });

  it('takes the newest ETag of a page served again and counts its time from then', () => {
    const { memory, pass } = memoryAt(5);
    memory.remember('page', '"old"');
    pass(4_000);
    memory.remember('page', '"new"');
    pass(4_000);
    expect(memory.recall('page')).toBe('"new"');
    pass(1_000);
    expect(memory.recall('page')).toBeUndefined();
  });

  it('forgets a page at once', () => {
    const { memory } = memoryAt(5);
    memory.remember('page', '"one"');
    memory.forget('page');
    expect(memory.recall('page')).toBeUndefined();
  });

  it('remembers nothing when its time is 0', () => {
    const { memory } = memoryAt(0);
    memory.remember('page', '"one"');
    expect(memory.recall('page')).toBeUndefined();
  });

  it('holds at most its number of pages, the page first remembered going first', () => {
    const { memory } = memoryAt(60, 2);
    memory.remember('first', '"1"');
    memory.remember('second', '"2"');
    // Served again, it keeps its place: a page evicted too early costs one read of it.
    memory.remember('first', '"1b"');
    memory.remember('third', '"3"');
    expect(memory.recall('first')).toBeUndefined();
    expect(memory.recall('second')).toBe('"2"');
    expect(memory.recall('third')).toBe('"3"');
  });
});

describe('ETags and If-None-Match', () => {
  it('hashes the bytes of the answer, the same for the same bytes', () => {
    expect(strongEtag('{"a":1}')).toBe(strongEtag('{"a":1}'));
    expect(strongEtag('{"a":1}')).not.toBe(strongEtag('{"a":2}'));
    expect(strongEtag('{}')).toMatch(/^"[\w-]{27}"$/);
  });

  it('matches a list, a weak validator and *', () => {
    const etag = strongEtag('{}');
    expect(ifNoneMatchHits(etag, etag)).toBe(true);
    expect(ifNoneMatchHits(`"other", W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"other"', etag)).toBe(false);
  });
});
