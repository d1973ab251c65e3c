import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { inspectPdf, type StampFonts, samplePdf, stampPdf } from './pdf-tasks.ts';
import type { PdfReply, PdfRequest } from './pdf-worker.ts';

/**
 * The PDF worker thread: runs each task the main thread sends (one at a time, as sent) and
 * answers with its result or its error's name and message.
 */

const fontsDirectory = new URL('../../../assets/fonts/', import.meta.url);
let fonts: StampFonts | undefined;
/** The stamp fonts, read at the first stamp and kept. */
const stampFonts = (): StampFonts => {
  fonts ??= {
    korean: readFileSync(new URL('noto-sans-kr-subset.otf', fontsDirectory)),
    chinese: readFileSync(new URL('noto-sans-sc-subset.otf', fontsDirectory)),
  };
  return fonts;
};

async function run(request: PdfRequest): Promise<PdfReply> {
  try {
    switch (request.task) {
      case 'inspect':
        return { id: request.id, ok: true, inspection: await inspectPdf(request.bytes) };
      case 'sample':
        return { id: request.id, ok: true, bytes: await samplePdf(request.bytes, request.pages) };
      case 'stamp': {
        // Hashed here, where the copy is: the main thread's event loop never spends on it.
        const bytes = await stampPdf(request.bytes, request.text, stampFonts());
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        return { id: request.id, ok: true, copy: { bytes, sha256 } };
      }
    }
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return { id: request.id, ok: false, name: failure.name, message: failure.message };
  }
}

const port = parentPort;
if (!port) throw new Error('pdf-thread.ts runs as a worker thread only');
port.on('message', (request: PdfRequest) => {
  void run(request).then((reply) => {
    const bytes = 'bytes' in reply ? reply.bytes : 'copy' in reply ? reply.copy.bytes : undefined;
    const transfer = bytes ? [bytes.buffer as ArrayBuffer] : [];
    port.postMessage(reply, transfer);
  });
});
