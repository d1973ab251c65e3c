import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileBody } from './file-body.ts';
import { LocalStorage } from './local-driver.ts';

let dir: string;
const content = randomBytes(3 * 1024 * 1024 + 5);
const largeBytes = 256 * 1024 * 1024;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'file-body-'));
  await writeFile(path.join(dir, 'file.bin'), content);
  // Larger than the sockets' buffers on loopback can hold between them (a few MiB).
  await writeFile(path.join(dir, 'large.bin'), '');
  await truncate(path.join(dir, 'large.bin'), largeBytes);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A loopback server whose every answer is `respond`'s; its URL and a way to stop it. */
async function serve(respond: (response: http.ServerResponse) => Promise<void>) {
  const server = http.createServer((_request, response) => {
    void respond(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function download(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('FileBody', () => {
  it('sends exactly its range through a buffer filled again and again, then closes the file', async () => {
    const handle = await open(path.join(dir, 'file.bin'), 'r');
    let released = 0;
    const range = { start: 12_345, end: content.length - 7 };
    let outcome: Promise<'sent' | 'closed'> | undefined;
    const server = await serve(async (response) => {
      // 4 KiB and 1 byte: no chunk lines up with the range's ends.
      const body = new FileBody(handle, range, Buffer.alloc(4097), () => released++);
      outcome = body.sendTo(response);
      await outcome;
    });
    try {
      const received = await download(server.url);
      expect(received.equals(content.subarray(range.start, range.end + 1))).toBe(true);
      expect(await outcome).toBe('sent');
      expect(released).toBe(1);
      expect(handle.fd).toBe(-1);
    } finally {
      await server.stop();
    }
  });

  it('stops reading when the buyer goes away, and lets the file and the buffer go', async () => {
    const handle = await open(path.join(dir, 'large.bin'), 'r');
    let released = 0;
    let outcome: Promise<'sent' | 'closed'> | undefined;
    const server = await serve(async (response) => {
      const body = new FileBody(
        handle,
        { start: 0, end: largeBytes - 1 },
        Buffer.alloc(64 * 1024),
        () => released++,
      );
      outcome = body.sendTo(response);
      await outcome.catch(() => undefined);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(server.url, (response) => {
          // The first bytes arrive, then the buyer stops reading and goes away.
          response.once('data', () => {
            response.pause();
            setTimeout(() => {
              request.destroy();
              resolve();
            }, 50);
          });
        });
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
      await expect.poll(() => outcome, { timeout: 5000 }).toBeDefined();
      expect(await outcome).toBe('closed');
      expect(released).toBe(1);
      expect(handle.fd).toBe(-1);
    } finally {
      await server.stop();
    }
  });

  it('fails on a file shorter than its range, and still closes it', async () => {
    const handle = await open(path.join(dir, 'file.bin'), 'r');
    let released = 0;
    let failure: unknown;
    const server = await serve(async (response) => {
      response.writeHead(200, { 'content-length': String(content.length + 10) });
      const body = new FileBody(
        handle,
        { start: 0, end: content.length + 9 },
        Buffer.alloc(1024 * 1024),
        () => released++,
      );
      await body.sendTo(response).catch((error: unknown) => {
        failure = error;
        response.destroy();
      });
    });
    try {
      await expect(download(server.url)).rejects.toThrow();
      await expect.poll(() => failure).toBeInstanceOf(Error);
      expect(String(failure)).toContain(`the file ended at byte ${content.length}`);
      expect(released).toBe(1);
      expect(handle.fd).toBe(-1);
    } finally {
      await server.stop();
    }
  });
});

describe('download buffers of the local driver', () => {
  it('are 1 MiB while the downloads under way hold 64 MiB or less, 256 KiB beyond, never more than the range', async () => {
    const storage = new LocalStorage({
      root: dir,
      signingSecret: 'x'.repeat(32),
      publicBaseUrl: '',
    });
    const key = 'sellers/a/big.bin';
    await storage.put(key, content, { contentType: 'application/octet-stream' });
    const object = await storage.openObject(key);
    const bodies = await Promise.all(Array.from({ length: 64 }, () => object.body()));
    expect(bodies.map((body) => body.bufferBytes)).toEqual(Array(64).fill(1024 * 1024));
    const beyond = await object.body();
    expect(beyond.bufferBytes).toBe(256 * 1024);
    // A body that ends gives its buffer back to the budget.
    const sink = Object.assign(new http.ServerResponse(new http.IncomingMessage(null as never)), {
      write: (_chunk: Buffer, done: (error?: Error) => void) => {
        done();
        return true;
      },
    });
    await Promise.all([bodies.pop()?.sendTo(sink), beyond.sendTo(sink)]);
    const again = await object.body();
    expect(again.bufferBytes).toBe(1024 * 1024);
    const short = await object.body({ start: 0, end: 9 });
    expect(short.bufferBytes).toBe(10);
    await Promise.all([...bodies, again, short].map((body) => body.sendTo(sink)));
    const after = await Promise.all(Array.from({ length: 64 }, () => object.body()));
    expect(after.every((body) => body.bufferBytes === 1024 * 1024)).toBe(true);
    await Promise.all(after.map((body) => body.sendTo(sink)));
  });
});
