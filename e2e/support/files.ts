import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePng } from '../../apps/api/src/commands/demo-files.ts';

/** A valid 4×4 PNG of one colour (so that the browser really decodes and shows it). */
export function tinyPng(red: number, green: number, blue: number): Buffer {
  const size = 4;
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array(size).fill([red, green, blue]).flat()),
  ]);
  return encodePng(size, size, Buffer.concat(Array(size).fill(row)));
}

/** A small PDF-like file: a PDF header, some text and the end marker. */
export function pdfBytes(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\n${'x'.repeat(2048)}\n%%EOF\n`,
  );
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of createReadStream(file)) hash.update(part as Buffer);
  return hash.digest('hex');
}

export async function sha256Stream(body: ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of body as unknown as AsyncIterable<Uint8Array>) hash.update(part);
  return hash.digest('hex');
}

/** A temporary directory, removed by the returned function. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'seller-e2e-files-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Writes a file of `size` bytes with a stream (never the whole file in memory); every MiB
 * differs, so that a part sent at the wrong offset changes the checksum.
 */
export async function writeLargeFile(file: string, size: number): Promise<void> {
  const mib = 1024 * 1024;
  const base = Buffer.alloc(mib);
  for (let i = 0; i < mib; i++) base[i] = (i * 31 + 7) & 0xff;
  const out = createWriteStream(file);
  for (let written = 0, index = 0; written < size; index++) {
    const length = Math.min(mib, size - written);
    const block = Buffer.from(base.subarray(0, length));
    block.writeUInt32BE(index, 0);
    if (!out.write(block)) await once(out, 'drain');
    written += length;
  }
  out.end();
  await once(out, 'finish');
}
