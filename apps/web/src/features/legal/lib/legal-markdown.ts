/**
 * The legal pages' texts are Markdown files that the operator writes (documents/*.md); this
 * reads the little of Markdown they need: `## ` and `### ` headings, `- ` lists, `> ` notes and
 * paragraphs separated by blank lines. Anything else is text, shown as written (never as HTML).
 */
export type LegalBlock =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'list'; items: string[] };

/** Chinese and Japanese run on without spaces: a line break inside their text is no space. */
const unspaced = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

function join(lines: readonly string[]): string {
  return lines.reduce((text, line) => {
    if (!text) return line;
    const glue = unspaced.test(text.at(-1) ?? '') && unspaced.test(line[0] ?? '') ? '' : ' ';
    return `${text}${glue}${line}`;
  }, '');
}

export function parseLegalMarkdown(source: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let note: string[] = [];
  let list: string[][] = [];

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: join(paragraph) });
    if (note.length) blocks.push({ kind: 'note', text: join(note) });
    if (list.length) blocks.push({ kind: 'list', items: list.map(join) });
    paragraph = [];
    note = [];
    list = [];
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({
        kind: 'heading',
        level: heading[1] === '##' ? 2 : 3,
        text: heading[2] ?? '',
      });
    } else if (line.startsWith('>')) {
      if (paragraph.length || list.length) flush();
      note.push(line.replace(/^>\s?/, ''));
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length || note.length) flush();
      list.push([line.replace(/^[-*]\s+/, '')]);
    } else if (list.length) {
      // A wrapped list item goes on.
      list.at(-1)?.push(line);
    } else if (note.length) {
      note.push(line);
    } else {
      paragraph.push(line.replace(/^#\s+/, ''));
    }
  }
  flush();
  return blocks;
}
