import { describe, expect, it } from 'vitest';
import { parseLegalMarkdown } from './legal-markdown';

describe('legal Markdown', () => {
  it('reads headings, notes, lists and paragraphs', () => {
    const blocks = parseLegalMarkdown(
      [
        '> Placeholder text,',
        '> to be replaced.',
        '',
        '## 1. The service',
        '',
        'We run this',
        'seller center.',
        '',
        '- one',
        '- two, which',
        '  goes on',
        '',
        '### Details',
        '<b>not HTML</b>',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'note', text: 'Placeholder text, to be replaced.' },
      { kind: 'heading', level: 2, text: '1. The service' },
      { kind: 'paragraph', text: 'We run this seller center.' },
      { kind: 'list', items: ['one', 'two, which goes on'] },
      { kind: 'heading', level: 3, text: 'Details' },
      { kind: 'paragraph', text: '<b>not HTML</b>' },
    ]);
  });

  it('joins the wrapped lines of Chinese and Japanese without a space, Korean with one', () => {
    expect(parseLegalMarkdown('この\nセラーセンター')).toEqual([
      { kind: 'paragraph', text: 'このセラーセンター' },
    ]);
    expect(parseLegalMarkdown('판매자\n센터')).toEqual([
      { kind: 'paragraph', text: '판매자 센터' },
    ]);
  });
});
