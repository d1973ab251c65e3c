import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

/**
 * Whether `chunk` was handed to the kernel: a write's callback runs once the socket has taken
 * all of it, so the buffer under it may be filled again. False when the answer was closed first
 * (the buyer went away); the buffer is then never filled again.
 */
function written(response: ServerResponse, chunk: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const closed = () => resolve(false);
    response.once('close', closed);
    response.write(chunk, (error) => {
      response.off('close', closed);
      resolve(!error);
    });
  });
}

/**
 * A download's body: bytes `start`…`end` (inclusive) of an open file, sent through one buffer
 * that is filled from the file, written to the answer and filled again once the socket has taken
 * it. A buffer made anew for every chunk costs the kernel its pages each time; one buffer read
 * into over and over costs nothing after the first.
 */
export class FileBody {
  constructor(
    private readonly handle: FileHandle,
    private readonly range: { start: number; end: number },
    private readonly buffer: Buffer,
    private readonly release: () => void,
  ) {}

  /** The size of the buffer the body is sent through. */
  get bufferBytes(): number {
    return this.buffer.length;
  }

  /**
   * Writes the range to `response` and ends it; 'closed' when the buyer went away first. The
   * file is closed either way. A file shorter than the range (replaced since it was opened) is
   * an error: the answer's length can no longer be kept.
   */
  async sendTo(response: ServerResponse): Promise<'sent' | 'closed'> {
    try {
      let position = this.range.start;
      while (position <= this.range.end) {
        const want = Math.min(this.buffer.length, this.range.end + 1 - position);
        const { bytesRead } = await this.handle.read(this.buffer, 0, want, position);
        if (bytesRead === 0) {
          throw new Error(`the file ended at byte ${position}, before byte ${this.range.end}`);
        }
        position += bytesRead;
        if (!(await written(response, this.buffer.subarray(0, bytesRead)))) return 'closed';
      }
      response.end();
      return 'sent';
    } finally {
      this.release();
      await this.handle.close();
    }
  }
}
