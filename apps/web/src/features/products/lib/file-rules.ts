import { limits } from '@seller/contract/limits';
import {
  acceptedExtensions,
  checkUpload,
  type UploadKind,
  uploadKindRules,
} from '@seller/contract/upload-types';

/** What a dropzone collects: product files or thumbnail images. */
export type DropKind = Exclude<UploadKind, 'avatar'>;

/** Names that operating systems drop into folders; they are ignored, not reported. */
const ignoredNames = new Set(['.ds_store', 'thumbs.db']);

export function isIgnoredFileName(name: string): boolean {
  const base = name.split(/[\\/]/).pop() ?? name;
  return ignoredNames.has(base.toLowerCase());
}

export type FileRejectionReason = 'tooLarge' | 'invalidType' | 'tooMany';

export interface FileRejection {
  name: string;
  reason: FileRejectionReason;
}

export interface DropResult<F> {
  accepted: F[];
  rejected: FileRejection[];
}

export const maxItems: Record<DropKind, number> = {
  file: limits.productFiles.max,
  image: limits.thumbnails.max,
};

export function maxBytes(kind: DropKind): number {
  return uploadKindRules[kind].maxBytes;
}

/** `.pdf, .zip, …` for the messages. */
export function extensionList(kind: DropKind): string {
  return acceptedExtensions(kind)
    .map((extension) => extension.toUpperCase())
    .join(', ');
}

/**
 * The `accept` map of react-dropzone (it only filters the file picker; every dropped file is
 * checked again by `sortDroppedFiles`).
 */
export function dropzoneAccept(kind: DropKind): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const rule of uploadKindRules[kind].types) {
    const list = accept[rule.canonicalType] ?? [];
    list.push(`.${rule.extension}`);
    accept[rule.canonicalType] = list;
  }
  return accept;
}

/**
 * Sorts dropped files into accepted ones and per-file rejections: ignored names vanish, a
 * wrong extension or type is `invalidType`, an oversized file `tooLarge`, and valid files
 * beyond the `room` left are `tooMany`.
 */
export function sortDroppedFiles<F extends { name: string; type: string; size: number }>(
  kind: DropKind,
  files: readonly F[],
  room: number,
): DropResult<F> {
  const accepted: F[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    if (isIgnoredFileName(file.name)) continue;
    const check = checkUpload(kind, file);
    if (!check.ok) {
      rejected.push({
        name: file.name,
        reason: check.reason === 'size' ? 'tooLarge' : 'invalidType',
      });
    } else if (accepted.length >= room) {
      rejected.push({ name: file.name, reason: 'tooMany' });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}
