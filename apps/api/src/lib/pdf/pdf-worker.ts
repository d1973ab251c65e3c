import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type PdfInspection, PdfPasswordError, PdfUnreadableError } from './pdf-errors.ts';

/** A task for the PDF thread. */
export type PdfRequest =
  | { id: number; task: 'inspect'; bytes: Uint8Array }
  | { id: number; task: 'sample'; bytes: Uint8Array; pages: number }
  | { id: number; task: 'stamp'; bytes: Uint8Array; text: string };

/** The PDF thread's answer to one task. */
export type PdfReply =
  | { id: number; ok: true; inspection: PdfInspection }
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: true; copy: StampedCopy }
  | { id: number; ok: false; name: string; message: string };

/** A stamped copy and its SHA-256 (hex), taken in the PDF thread. */
export interface StampedCopy {
  bytes: Uint8Array;
  sha256: string;
}

/**
 * The largest PDF the server reads whole to inspect, sample or stamp: the most Node reads into
 * one buffer (2 GiB less a byte). A larger file is hashed and served as it streams, never read
 * whole.
 */
export const pdfWorkMaxBytes = 2 ** 31 - 1;

/** The PDF thread stopped, took too long, or failed otherwise: the task was not done. */
export class PdfWorkerError extends Error {
  override name = 'PdfWorkerError';
}

/**
 * The PDF a task works on: bytes the caller keeps (copied for the thread), or a function that
 * reads them when the task's turn comes. Read bytes belong to the task alone: they move to the
 * thread without a copy, and tasks waiting in the queue hold no file in memory.
 */
export type PdfSource = Uint8Array | (() => Promise<Uint8Array>);

/** Work on PDFs, done in a worker thread one task at a time. */
export interface PdfWorker {
  inspect(source: PdfSource): Promise<PdfInspection>;
  /** The first `pages` pages as a PDF of their own. Throws PdfPasswordError, PdfUnreadableError. */
  sample(source: PdfSource, pages: number): Promise<Uint8Array>;
  /**
   * A copy with `text` on every page, and its hash. Throws PdfPasswordError,
   * PdfUnreadableError, PdfWorkerError, or what reading the source threw.
   */
  stamp(source: PdfSource, text: string): Promise<StampedCopy>;
  close(): Promise<void>;
}

type Task =
  | { task: 'inspect'; source: PdfSource }
  | { task: 'sample'; source: PdfSource; pages: number }
  | { task: 'stamp'; source: PdfSource; text: string };

/** tsx's ES module API (`tsx/esm/api`, its `import` condition), as a file URL. */
function tsxLoaderUrl(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require(manifestPath) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const entry = manifest.exports['./esm/api']?.import?.default;
  if (!entry) throw new Error('tsx does not export its ES module API');
  return pathToFileURL(path.join(path.dirname(manifestPath), entry)).href;
}

/** `true` in the server bundle: the build defines it (`scripts/build-server.mjs`). */
declare const SERVER_BUNDLE: boolean | undefined;

/**
 * Starts the PDF thread. The bundled server (`npm start`, the Docker image) runs the thread's
 * own bundle, `dist/pdf-thread.js`; run from source under tsx, the thread registers tsx's
 * loader before it loads `pdf-thread.ts`.
 */
function startThread(): Worker {
  if (typeof SERVER_BUNDLE !== 'undefined' && SERVER_BUNDLE) {
    const worker = new Worker(new URL('../../../dist/pdf-thread.js', import.meta.url));
    worker.unref();
    return worker;
  }
  const thread = new URL('./pdf-thread.ts', import.meta.url);
  const loader = tsxLoaderUrl();
  const source = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(thread.href)}); });`;
  const worker = new Worker(source, { eval: true });
  // An idle thread does not keep the process alive.
  worker.unref();
  return worker;
}

/** Copies the bytes into a buffer of their own, which moves to the thread without a copy. */
const ownBuffer = (bytes: Uint8Array): Uint8Array => {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
};

/**
 * Bytes whose whole buffer may move to the thread: the caller's are copied, read ones move as
 * they are unless they are a view on a larger buffer (a pooled Buffer: moving it would take
 * the other views' bytes away).
 */
async function bytesToMove(source: PdfSource): Promise<Uint8Array> {
  if (typeof source !== 'function') return ownBuffer(source);
  const bytes = await source();
  const whole =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  return whole ? bytes : ownBuffer(bytes);
}

/** A task as the thread receives it: its source read into bytes of its own. */
type ThreadTask = DistributiveOmit<PdfRequest, 'id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

async function threadTask(task: Task): Promise<ThreadTask> {
  const bytes = await bytesToMove(task.source);
  switch (task.task) {
    case 'inspect':
      return { task: 'inspect', bytes };
    case 'sample':
      return { task: 'sample', bytes, pages: task.pages };
    case 'stamp':
      return { task: 'stamp', bytes, text: task.text };
  }
}

/**
 * The main thread's side of the PDF thread: tasks queue and run one at a time (one PDF in
 * memory at once, the server's event loop free meanwhile). A task that takes longer than
 * `timeoutMs` ends the thread; a thread that stops fails its task, and the next task starts a
 * new one.
 */
export function createPdfWorker(options: { timeoutMs?: number } = {}): PdfWorker {
  const timeoutMs = options.timeoutMs ?? 120_000;
  let thread: Worker | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const runOnThread = (task: ThreadTask): Promise<PdfReply> =>
    new Promise((resolve, reject) => {
      const worker = thread ?? startThread();
      thread = worker;
      const id = nextId++;
      const stop = (error: Error) => {
        cleanup();
        if (thread === worker) thread = undefined;
        void worker.terminate();
        reject(error);
      };
      const onMessage = (reply: PdfReply) => {
        if (reply.id !== id) return;
        cleanup();
        resolve(reply);
      };
      const onError = (error: Error) =>
        stop(new PdfWorkerError(`The PDF thread failed: ${error.message}`));
      const onExit = (code: number) =>
        stop(new PdfWorkerError(`The PDF thread stopped (exit code ${code})`));
      const timer = setTimeout(
        () => stop(new PdfWorkerError(`The PDF task took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // The buffer moves: from here on only the thread has the bytes.
      worker.postMessage({ ...task, id } satisfies PdfRequest, [task.bytes.buffer as ArrayBuffer]);
    });

  /** One task after the other: a task waits for the ones queued before it, failed or not. */
  function enqueue(task: Task): Promise<PdfReply> {
    // The source is read when the task's turn comes, not while it waits.
    const result = queue.then(async () => runOnThread(await threadTask(task)));
    queue = result.catch(() => undefined);
    return result.then((reply) => {
      if (reply.ok) return reply;
      if (reply.name === 'PdfPasswordError') throw new PdfPasswordError(reply.message);
      if (reply.name === 'PdfUnreadableError') throw new PdfUnreadableError(reply.message);
      throw new PdfWorkerError(`${reply.name}: ${reply.message}`);
    });
  }

  const bytesOf = (reply: PdfReply): Uint8Array => {
    if (reply.ok && 'bytes' in reply) return reply.bytes;
    throw new PdfWorkerError('The PDF thread answered without bytes');
  };

  return {
    async inspect(source) {
      const reply = await enqueue({ task: 'inspect', source });
      if (reply.ok && 'inspection' in reply) return reply.inspection;
      throw new PdfWorkerError('The PDF thread answered without an inspection');
    },
    sample: async (source, pages) => bytesOf(await enqueue({ task: 'sample', source, pages })),
    async stamp(source, text) {
      const reply = await enqueue({ task: 'stamp', source, text });
      if (reply.ok && 'copy' in reply) return reply.copy;
      throw new PdfWorkerError('The PDF thread answered without a stamped copy');
    },
    async close() {
      const running = thread;
      thread = undefined;
      if (running) await running.terminate();
    },
  };
}
