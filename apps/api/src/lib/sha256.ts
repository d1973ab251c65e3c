import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';

/**
 * A SHA-256 (hex), hashed a piece at a time (bytes in memory a mebibyte at a time, a 5 GB video
 * as it is read from storage), with a turn for other requests between pieces: never the whole
 * file in memory for the hash, nor a whole file's hashing in one go.
 */
export async function sha256Of(pieces: Uint8Array | AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  if (pieces instanceof Uint8Array) {
    const slice = 1024 * 1024;
    for (let start = 0; start < pieces.byteLength; start += slice) {
      if (start > 0) await setImmediate();
      hash.update(pieces.subarray(start, start + slice));
    }
  } else {
    for await (const piece of pieces) hash.update(piece);
  }
  return hash.digest('hex');
}
