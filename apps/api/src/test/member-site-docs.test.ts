import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ProductDetail } from '@seller/contract/products/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerIdOf } from './seller-fixtures.ts';
import { createProductFor } from './seller-products.ts';
import { bearer, signUpSeller } from './sellers.ts';
import { freePort } from './server-process.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Runs the examples of docs/member-site.md against the real server, listening on loopback:
 * every shell and Node block marked `<!-- checked: <statuses> -->` runs as written (curl and
 * openssl for the shell ones, `node` for the others), with the doc's example ids replaced by
 * a real seller's, in the order of the page, and must answer the statuses the marker lists.
 */

const run = promisify(execFile);
const docPath = new URL('../../../../docs/member-site.md', import.meta.url);
const secret = 'member-site-docs-secret-0123456789abcdef';

interface Example {
  lang: 'sh' | 'js';
  code: string;
  /** The statuses the block's calls answer, in order; or the file name of a helper block. */
  expected: number[];
  file?: string;
  line: number;
}

/** The fenced blocks of the page, with the marker above each (if any). */
function blocksOf(markdown: string) {
  const lines = markdown.split('\n');
  const blocks: { lang: string; code: string; marker: string | undefined; line: number }[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(\w+)$/.exec(lines[index] ?? '');
    if (!open) continue;
    const end = lines.indexOf('```', index + 1);
    const before = lines[index - 1] ?? '';
    const marker = /^<!-- checked: (.+) -->$/.exec(before)?.[1];
    blocks.push({
      lang: open[1] ?? '',
      code: lines.slice(index + 1, end).join('\n'),
      marker,
      line: index + 1,
    });
    index = end;
  }
  return blocks;
}

let t: TestApp;
let baseUrl: string;
let directory: string;
let examples: Example[];
let shellHelpers: string;
/** The doc's example values → this run's. */
let replacements: [string, string][];

beforeAll(async () => {
  // The server's own address is PUBLIC_URL, as in production: download links carry it.
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ INTERNAL_API_SECRET: secret, PUBLIC_URL: baseUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  directory = await mkdtemp(path.join(os.tmpdir(), 'member-site-docs-'));

  const seller = await signUpSeller(t.app);
  const product: ProductDetail = await createProductFor(t.app, seller.token, 'Seoul walks');
  const fileId = product.files[0]?.id ?? '';
  // The payout examples pay by bank: the seller has bank details.
  const settlement = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/settlement-info',
    headers: bearer(seller.token),
    payload: {
      bank: {
        name: 'Kookmin Bank',
        account: '123-456-7890',
        accountHolder: '김민수',
        swiftCode: 'CZNAKRSE',
        branch: 'Gangnam',
      },
    },
  });
  expect(settlement.statusCode).toBe(200);
  // The discount code examples use the seller's code SEOUL10.
  const discount = await t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: bearer(seller.token),
    payload: { code: 'SEOUL10', kind: 'percent', percent: 10 },
  });
  expect(discount.statusCode).toBe(201);

  replacements = [
    ['http://localhost:3000', baseUrl],
    ['/sellers/mina', `/sellers/${seller.nickname}`],
    ['0b6f5c1e-8a4b-4c0e-9a59-2d7a1f0e6b11', product.product.id],
    ['5d1c0a7e-2b4f-4e8a-9c3d-7f6e5a4b3c21', fileId],
    ['7f1c2a9e-4b1d-4c8e-9a53-0d2f6b1e8c44', sellerIdOf(seller.token)],
  ];

  const markdown = await readFile(docPath, 'utf8');
  const blocks = blocksOf(markdown);
  const sign = blocks.find((block) => block.lang === 'sh' && block.code.startsWith('sign() {'));
  if (!sign) throw new Error('docs/member-site.md has no shell sign() helper');
  shellHelpers = sign.code;
  examples = [];
  for (const block of blocks) {
    if (!block.marker || (block.lang !== 'sh' && block.lang !== 'js')) continue;
    const file = /^file (\S+)$/.exec(block.marker)?.[1];
    examples.push({
      lang: block.lang,
      code: block.code,
      expected: file ? [] : block.marker.split(' ').map(Number),
      ...(file ? { file } : {}),
      line: block.line,
    });
  }
  // The Node examples import the helper file from beside them.
  for (const example of examples) {
    if (example.file) await writeFile(path.join(directory, example.file), localised(example.code));
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

function localised(code: string): string {
  return replacements.reduce((text, [from, to]) => text.split(from).join(to), code);
}

/** Runs one example; answers the HTTP statuses its calls printed. */
async function runExample(example: Example, index: number): Promise<number[]> {
  const env = { ...process.env, SELLER_CENTER_URL: baseUrl, INTERNAL_API_SECRET: secret };
  if (example.lang === 'js') {
    const file = path.join(directory, `example-${index}.mjs`);
    await writeFile(file, localised(example.code));
    const { stdout } = await run(process.execPath, [file], { cwd: directory, env });
    return [...stdout.matchAll(/^(\d{3})\b/gm)].map((match) => Number(match[1]));
  }
  // Each curl call prints its status on a line of its own after the body.
  const script = [
    'set -euo pipefail',
    `curl() { command curl -sS -w '\\nHTTP %{http_code}\\n' "$@"; }`,
    shellHelpers,
    localised(example.code),
  ].join('\n');
  const { stdout } = await run('bash', ['-c', script], { cwd: directory, env });
  return [...stdout.matchAll(/^HTTP (\d{3})$/gm)].map((match) => Number(match[1]));
}

describe('docs/member-site.md', () => {
  it('marks every example that calls the API, so that it runs here', async () => {
    const unmarked = blocksOf(await readFile(docPath, 'utf8')).filter(
      (block) =>
        (block.lang === 'sh' || block.lang === 'js') &&
        block.code.includes('/api/') &&
        !block.marker,
    );
    expect(unmarked.map((block) => `line ${block.line}`)).toEqual([]);
  });

  it('answers each example, run in the order of the page, with the statuses it states', async () => {
    const outcomes: { line: number; statuses: number[] | string }[] = [];
    for (const [index, example] of examples.entries()) {
      if (example.file) continue;
      try {
        outcomes.push({ line: example.line, statuses: await runExample(example, index) });
      } catch (error) {
        outcomes.push({ line: example.line, statuses: String(error) });
      }
    }
    expect(outcomes).toEqual(
      examples
        .filter((example) => !example.file)
        .map((example) => ({ line: example.line, statuses: example.expected })),
    );
    expect(outcomes.length).toBeGreaterThanOrEqual(14);
  }, 120_000);
});
