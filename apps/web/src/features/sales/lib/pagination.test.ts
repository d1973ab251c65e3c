import { describe, expect, it } from 'vitest';
import { summarizePage } from './pagination';

describe('summarizePage', () => {
  it('shows rows 1–20 of 45 on the first of three pages', () => {
    expect(summarizePage({ total: 45, page: 1, limit: 20, totalPages: 3 })).toEqual({
      from: 1,
      to: 20,
      total: 45,
      page: 1,
      totalPages: 3,
      hasPrevious: false,
      hasNext: true,
      visible: true,
    });
  });

  it('stops at the total on the last page', () => {
    const last = summarizePage({ total: 45, page: 3, limit: 20, totalPages: 3 });
    expect([last.from, last.to, last.hasPrevious, last.hasNext]).toEqual([41, 45, true, false]);
  });

  it('fills an exact last page', () => {
    const page = summarizePage({ total: 40, page: 2, limit: 20, totalPages: 2 });
    expect([page.from, page.to]).toEqual([21, 40]);
  });

  it('hides the controls for one page or none', () => {
    expect(summarizePage({ total: 20, page: 1, limit: 20, totalPages: 1 }).visible).toBe(false);
    const none = summarizePage({ total: 0, page: 1, limit: 20, totalPages: 0 });
    expect(none).toMatchObject({ from: 0, to: 0, visible: false, hasNext: false });
  });

  it('reports an empty page past the last one', () => {
    const past = summarizePage({ total: 45, page: 9, limit: 20, totalPages: 3 });
    expect(past).toMatchObject({ from: 0, to: 0, hasPrevious: true, hasNext: false });
  });

  it('agrees with ceil(total / limit) for every small case', () => {
    for (let total = 0; total <= 60; total++) {
      for (const limit of [1, 7, 20]) {
        const totalPages = Math.ceil(total / limit);
        let shown = 0;
        for (let page = 1; page <= totalPages; page++) {
          const summary = summarizePage({ total, page, limit, totalPages });
          expect(summary.from).toBe(shown + 1);
          shown = summary.to;
        }
        expect(shown).toBe(total);
      }
    }
  });
});
