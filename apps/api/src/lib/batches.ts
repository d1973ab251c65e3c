/**
 * Runs `runBatch` with `batchSize` until a batch comes back short, and answers the rows it
 * handled in all: a purge of any size as statements that each touch at most `batchSize` rows,
 * so that no run holds its locks long or writes one huge transaction.
 */
export async function inBatches(
  batchSize: number,
  runBatch: (limit: number) => Promise<number>,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batch size must be a positive integer, got ${batchSize}`);
  }
  let total = 0;
  for (;;) {
    const done = await runBatch(batchSize);
    total += done;
    if (done < batchSize) return total;
  }
}
