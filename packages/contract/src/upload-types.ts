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
 * A size left out (a multipart upload started without one) is checked when it completes.
 */
export function checkUpload(
  kind: UploadKind,
  file: { name: string; type: string; size: number | undefined },
): UploadCheck {
  const { types, maxBytes } = uploadKindRules[kind];
  const extension = fileExtension(file.name);
  const match = types.find((type) => type.extension === extension);
  const reported = mediaType(file.type);
  if (!match) return { ok: false, reason: 'type' };
  if (!isReportedTypeOf(match, reported)) return { ok: false, reason: 'type' };
  if (kind === 'avatar' && reported !== '' && !reported.startsWith('image/')) {
    return { ok: false, reason: 'type' };
  }
  if (file.size !== undefined && (!Number.isSafeInteger(file.size) || file.size > maxBytes)) {
    return { ok: false, reason: 'size', maxBytes };
  }
  return { ok: true, extension, contentType: match.canonicalType };
}

/** The media type of a `Content-Type` value, lower-cased and without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Whether a browser (or a store) may report `reported` for a file of this rule: its
 * canonical type, one of its aliases, or a type that says nothing about the content.
 */
export function isReportedTypeOf(rule: UploadTypeRule, reported: string): boolean {
  const type = mediaType(reported);
  return type === rule.canonicalType || rule.aliases.includes(type) || uninformativeTypes.has(type);
}

/** Whether a reported type says nothing about the content (empty, octet-stream). */
export function isUninformativeType(reported: string): boolean {
  return uninformativeTypes.has(mediaType(reported));
}

/** The rule of an extension for a kind of upload, if that extension is allowed. */
export function uploadTypeRule(kind: UploadKind, extension: string): UploadTypeRule | undefined {
  return uploadKindRules[kind].types.find((type) => type.extension === extension);
}

/** Whether files of this extension are public images (thumbnails, avatars). */
export function isImageExtension(extension: string): boolean {
  return imageTypes.some((type) => type.extension === extension);
}
