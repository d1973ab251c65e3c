import { limits } from './limits.ts';

/**
 * What may be uploaded, by extension. Browsers report types inconsistently (Windows sends
 * `.zip` as `application/x-zip-compressed`, some send nothing at all), so the extension
 * decides and the reported type only has to be one of that extension's known aliases. The
 * stored type is always the canonical one.
 */
export interface UploadTypeRule {
  extension: string;
  canonicalType: string;
  /** Types a browser may report for this extension, besides the canonical one. */
  aliases: readonly string[];
}

const rule = (
  extension: string,
  canonicalType: string,
  aliases: string[] = [],
): UploadTypeRule => ({
  extension,
  canonicalType,
  aliases,
});

export const productFileTypes: readonly UploadTypeRule[] = [
  rule('pdf', 'application/pdf', ['application/x-pdf', 'application/acrobat']),
  rule('zip', 'application/zip', [
    'application/x-zip-compressed',
    'application/x-zip',
    'multipart/x-zip',
    'application/zip-compressed',
  ]),
  rule('mp4', 'video/mp4', ['application/mp4', 'video/x-m4v']),
  rule('mpeg', 'video/mpeg', ['video/mpg', 'video/x-mpeg', 'video/x-mpg']),
  rule('mov', 'video/quicktime', ['video/mov', 'video/x-quicktime']),
  rule('avi', 'video/x-msvideo', ['video/avi', 'video/msvideo', 'video/vnd.avi']),
];

export const imageTypes: readonly UploadTypeRule[] = [
  rule('jpg', 'image/jpeg', ['image/jpg', 'image/pjpeg']),
  rule('jpeg', 'image/jpeg', ['image/jpg', 'image/pjpeg']),
  rule('png', 'image/png', ['image/x-png']),
  rule('gif', 'image/gif'),
  rule('webp', 'image/webp'),
];

/** Reported types that say nothing about the content; the extension alone decides. */
const uninformativeTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export type UploadKind = 'file' | 'image' | 'avatar';

export const uploadKindRules: Record<
  UploadKind,
  { types: readonly UploadTypeRule[]; maxBytes: number }
> = {
  file: { types: productFileTypes, maxBytes: limits.productFiles.maxBytes },
  image: { types: imageTypes, maxBytes: limits.thumbnails.maxBytes },
  avatar: { types: imageTypes, maxBytes: limits.avatar.maxBytes },
};

/** Extensions accepted for a kind, for file pickers (`.pdf,.zip,…`). */
export function acceptedExtensions(kind: UploadKind): string[] {
  return uploadKindRules[kind].types.map((type) => type.extension);
}

/** The lower-cased extension of a file name, without the dot ('' when there is none). */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

export type UploadCheck =
  | { ok: true; extension: string; contentType: string }
  | { ok: false; reason: 'type' }
  | { ok: false; reason: 'size'; maxBytes: number };

/**
 * The one type-and-size check, used by the browser before uploading and by the server
 * before issuing any URL. Avatars additionally need an `image/` type when one is reported.
 */
export function checkUpload(
  kind: UploadKind,
  file: { name: string; type: string; size: number },
): UploadCheck {
  const { types, maxBytes } = uploadKindRules[kind];
  const extension = fileExtension(file.name);
  const match = types.find((type) => type.extension === extension);
  const reported = file.type.trim().toLowerCase().split(';')[0]?.trim() ?? '';
  if (!match) return { ok: false, reason: 'type' };
  const known = reported === match.canonicalType || match.aliases.includes(reported);
  if (!known && !uninformativeTypes.has(reported)) return { ok: false, reason: 'type' };
  if (kind === 'avatar' && reported !== '' && !reported.startsWith('image/')) {
    return { ok: false, reason: 'type' };
  }
  if (!Number.isSafeInteger(file.size) || file.size > maxBytes) {
    return { ok: false, reason: 'size', maxBytes };
  }
  return { ok: true, extension, contentType: match.canonicalType };
}

/** Whether files of this extension are public images (thumbnails, avatars). */
export function isImageExtension(extension: string): boolean {
  return imageTypes.some((type) => type.extension === extension);
}

/** Number of parts of a multipart upload: every part but the last is exactly `partBytes`. */
export function multipartPartCount(size: number, partBytes: number = limits.multipart.partBytes) {
  return Math.max(1, Math.ceil(size / partBytes));
}

/** The exact size of part `partNumber` (1-based) of an upload of `size` bytes. */
export function multipartPartSize(
  size: number,
  partNumber: number,
  partBytes: number = limits.multipart.partBytes,
): number {
  const count = multipartPartCount(size, partBytes);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > count) return 0;
  return partNumber < count ? partBytes : size - partBytes * (count - 1);
}
