import { limits } from '@seller/contract/limits';

/** One part of a multipart upload: bytes [start, end) of the file. */
export interface PartPlan {
  partNumber: number;
  start: number;
  end: number;
  size: number;
}

export type UploadPlan =
  | { mode: 'single'; size: number }
  | { mode: 'multipart'; size: number; partSize: number; parts: PartPlan[] };

export interface PlanOptions {
  /** Files larger than this go multipart (100 MB). */
  thresholdBytes?: number;
  /** Every part but the last has exactly this size (5 MiB). */
  partBytes?: number;
}

/** Single PUT up to the threshold; above it, parts of exactly `partBytes` (the last is shorter). */
export function planUpload(size: number, options: PlanOptions = {}): UploadPlan {
  const thresholdBytes = options.thresholdBytes ?? limits.multipart.thresholdBytes;
  const partSize = options.partBytes ?? limits.multipart.partBytes;
  if (size <= thresholdBytes) return { mode: 'single', size };
  const count = Math.ceil(size / partSize);
  const parts: PartPlan[] = [];
  for (let index = 0; index < count; index++) {
    const start = index * partSize;
    const end = Math.min(size, start + partSize);
    parts.push({ partNumber: index + 1, start, end, size: end - start });
  }
  return { mode: 'multipart', size, partSize, parts };
}

export interface StoredPartInfo {
  PartNumber: number;
  ETag: string;
  Size: number;
}

/**
 * What is left to send when resuming: parts the store already holds with their planned size
 * keep their ETag; every other part is sent (again).
 */
export function remainingParts(
  parts: readonly PartPlan[],
  stored: readonly StoredPartInfo[],
): { done: Map<number, string>; todo: PartPlan[] } {
  const byNumber = new Map(stored.map((part) => [part.PartNumber, part]));
  const done = new Map<number, string>();
  const todo: PartPlan[] = [];
  for (const part of parts) {
    const held = byNumber.get(part.partNumber);
    if (held && held.Size === part.size && held.ETag) done.set(part.partNumber, held.ETag);
    else todo.push(part);
  }
  return { done, todo };
}

/** Whole percent of `loaded` over `total`, 100 only when everything is there. */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 100;
  if (loaded >= total) return 100;
  return Math.min(99, Math.floor((loaded / total) * 100));
}
