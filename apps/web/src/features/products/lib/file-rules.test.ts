import { maxNewFiles, maxNewThumbnails } from '@seller/contract/products/update-product';
import { describe, expect, it } from 'vitest';
import { dropzoneAccept, isIgnoredFileName, sortDroppedFiles } from './file-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const GB = 1024 ** 3;
const MB = 1024 ** 2;

describe('dropped product files', () => {
  it('accepts pdf, zip, mp4, mpeg, mov and avi, also with browser aliases or no type', () => {
    const files = [
      file('a.pdf', 'application/pdf'),
      file('b.zip', 'application/x-zip-compressed'),
      file('c.mp4', 'video/mp4'),
      file('d.mpeg', 'video/mpeg'),
      file('e.MOV', 'video/quicktime'),
      file('f.avi', ''),
    ];
    const result = sortDroppedFiles('file', files, 10);
    expect(result.accepted.map((f) => f.name)).toEqual(files.map((f) => f.name));
    expect(result.rejected).toEqual([]);
  });

  it('refuses other types and files over 5 GB', () => {
    const result = sortDroppedFiles(
      'file',
      [
        file('notes.txt', 'text/plain'),
        file('fake.pdf', 'image/png'),
        file('big.zip', 'application/zip', 5 * GB + 1),
        file('ok.zip', 'application/zip', 5 * GB),
      ],
      10,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.zip']);
    expect(result.rejected).toEqual([
      { name: 'notes.txt', reason: 'invalidType' },
      { name: 'fake.pdf', reason: 'invalidType' },
      { name: 'big.zip', reason: 'tooLarge' },
    ]);
  });

  it('ignores .DS_Store and Thumbs.db', () => {
    expect(isIgnoredFileName('.DS_Store')).toBe(true);
    expect(isIgnoredFileName('folder/Thumbs.db')).toBe(true);
    expect(isIgnoredFileName('thumbs.db.pdf')).toBe(false);
    const result = sortDroppedFiles(
      'file',
      [file('.DS_Store', ''), file('Thumbs.db', ''), file('a.pdf', 'application/pdf')],
      10,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(result.rejected).toEqual([]);
  });

  it('drops files beyond the room left as too many', () => {
    const result = sortDroppedFiles(
      'file',
      [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')],
      1,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(result.rejected).toEqual([{ name: 'b.pdf', reason: 'tooMany' }]);
  });
});

describe('dropped images', () => {
  it('accepts jpg, jpeg, png, gif and webp up to 10 MB', () => {
    const result = sortDroppedFiles(
      'image',
      [
        file('a.jpg', 'image/jpeg'),
        file('b.jpeg', 'image/jpeg'),
        file('c.png', 'image/png'),
        file('d.gif', 'image/gif'),
        file('e.webp', 'image/webp', 10 * MB),
        file('f.png', 'image/png', 10 * MB + 1),
        file('g.svg', 'image/svg+xml'),
      ],
      5,
    );
    expect(result.accepted.map((f) => f.name)).toEqual([
      'a.jpg',
      'b.jpeg',
      'c.png',
      'd.gif',
      'e.webp',
    ]);
    expect(result.rejected).toEqual([
      { name: 'f.png', reason: 'tooLarge' },
      { name: 'g.svg', reason: 'invalidType' },
    ]);
  });

  it('offers the picker the canonical types with their extensions', () => {
    expect(dropzoneAccept('image')['image/jpeg']).toEqual(['.jpg', '.jpeg']);
    expect(dropzoneAccept('file')['application/pdf']).toEqual(['.pdf']);
  });
});

describe('max new files and thumbnails on edit', () => {
  it('is 10 minus existing plus those staged for removal', () => {
    expect(maxNewFiles(3, 0)).toBe(7);
    expect(maxNewFiles(10, 0)).toBe(0);
    expect(maxNewFiles(10, 2)).toBe(2);
    expect(maxNewFiles(0, 0)).toBe(10);
  });

  it('is 5 minus existing plus staged removals for thumbnails', () => {
    expect(maxNewThumbnails(2, 0)).toBe(3);
    expect(maxNewThumbnails(5, 1)).toBe(1);
    expect(maxNewThumbnails(5, 0)).toBe(0);
  });
});
