import { describe, expect, it } from 'vitest';
import { allowancesOf, saleDownloadLimit } from './download-allowance';

describe("a sale's download limit", () => {
  it('is the limit per file for a product of one file', () => {
    expect(saleDownloadLimit({ perFile: 5, files: 1 })).toBe(5);
  });

  it('adds up every file, as the count of a sale does', () => {
    expect(saleDownloadLimit({ perFile: 5, files: 3 })).toBe(15);
  });

  it('is unlimited when the product says 0', () => {
    expect(saleDownloadLimit({ perFile: 0, files: 3 })).toBeNull();
  });

  it('counts a product without files as one', () => {
    expect(saleDownloadLimit({ perFile: 2, files: 0 })).toBe(2);
  });
});

describe('the allowances of the product list', () => {
  it('keeps each product’s limit and file count by id', () => {
    const allowances = allowancesOf([
      { id: 'a', download_limit: 5, file_count: 2 },
      { id: 'b', download_limit: 0, file_count: 1 },
    ]);
    expect(allowances.get('a')).toEqual({ perFile: 5, files: 2 });
    expect(allowances.get('b')).toEqual({ perFile: 0, files: 1 });
    expect(allowances.get('c')).toBeUndefined();
  });
});
