import { validateHeaderName, validateHeaderValue } from 'node:http';
import { Readable } from 'node:stream';
import { imageTypes, isImageExtension, mediaType } from '@seller/contract/upload-types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { attachmentDisposition } from './content-disposition.ts';
import { type LocalStorage, LocalTransferError } from './local-driver.ts';
import type { LocalGrant } from './local-signing.ts';
import { downloadCacheControl } from './storage.ts';

export type ByteRange = { start: number; end: number };

/**
 * One `Range: bytes=…` range of a `size`-byte object (RFC 9110; the unit is case-insensitive,
 * `BYTES=0-9` too): undefined means "send the whole object" (no header, a malformed one or
 * several ranges), 'unsatisfiable' is a 416.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const contentTypeByExtension = new Map(imageTypes.map((t) => [t.extension, t.canonicalType]));

function wildcard(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? '';
}

function grantFor(storage: LocalStorage, token: string, ops: LocalGrant['op'][]): LocalGrant {
  const check = storage.verify(token);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError('upload_url_expired', 'This link has expired')
      : new AppError('forbidden', 'This link is not valid');
  }
  if (!ops.includes(check.grant.op)) throw new AppError('forbidden', 'This link is not valid');
  return check.grant;
}

/** The body's length as announced; a body without one (chunked) is refused. */
function declaredLength(request: FastifyRequest): number {
  const declared = request.headers['content-length'];
  if (declared === undefined || request.headers['transfer-encoding'] !== undefined) {
    throw new AppError('length_required', 'Content-Length is required');
  }
  if (!/^\d{1,16}$/.test(declared)) {
    throw new AppError('upload_size_mismatch', 'Content-Length is not a byte count');
  }
  return Number(declared);
}

/** A refused body up to this size is read before the answer, as if it had been accepted. */
const drainBeforeAnswerBytes = 16 * 1024 * 1024;
/** How long a refused body is read and discarded before the connection is cut. */
const refusedBodyDrainMs = 30_000;

/**
 * Makes room for the answer to a PUT refused before its body was read. Clients send the whole
 * body before they read anything, so closing at once would hand them a reset instead of the
 * error. A small body (a part, a thumbnail) is read and discarded first, and the answer then
 * comes on a connection that stays usable. A larger one gets the answer at once while Node
 * reads and discards the rest (it does so for any unread body); it is cut off after
 * `refusedBodyDrainMs`.
 */
async function drainRefusedBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  let timer: NodeJS.Timeout | undefined;
  const drained = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      raw.destroy();
      resolve();
    }, refusedBodyDrainMs);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
  });
  if (Number(request.headers['content-length']) <= drainBeforeAnswerBytes) {
    raw.resume();
    await drained;
  }
}

/** Whether an `If-None-Match` list names the object's entity tag (weakly compared, RFC 9110). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A name longer than the file system allows (ENAMETOOLONG) is a file that is not there. */
function notFoundIfMissing(error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENAMETOOLONG') throw new AppError('not_found', 'Not found');
  throw error;
}

async function sendObject(
  storage: LocalStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
) {
  const object = await storage.openObject(key).catch(notFoundIfMissing);
  const lastModified = object.modifiedAt.toUTCString();
  reply.headers({
    ...headers,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    ETag: object.etag,
    'Last-Modified': lastModified,
  });
  if (matchesEtag(request.headers['if-none-match'], object.etag)) {
    return reply.code(304).send();
  }
  // A resumed download whose file changed since its first part gets the whole file again.
  const ifRange = request.headers['if-range'];
  const rangeHolds = ifRange === undefined || ifRange === object.etag || ifRange === lastModified;
  const range = rangeHolds ? parseRange(request.headers.range, object.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${object.size}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send({ error: 'Range not satisfiable', code: 'validation_failed' });
  }
  if (request.method === 'HEAD') {
    // An empty stream rather than no body: Fastify answers a HEAD without a body with a length
    // of 0, and reads a stream to its end, where a HEAD must not read the file at all.
    return reply.header('Content-Length', String(object.size)).code(200).send(Readable.from([]));
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.code(200).header('Content-Length', String(object.size));
  }
  // Checked before the file is opened and the answer taken over from Fastify, so that a header
  // Node would refuse is an error answer rather than a connection left hanging.
  const answerHeaders = Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, value] as const],
  );
  for (const [name, value] of answerHeaders) {
    validateHeaderName(name);
    for (const item of [value].flat()) validateHeaderValue(name, String(item));
  }
  // Opened before the answer starts: a file removed since it was found is still a 404.
  const body = await object.body(range).catch(notFoundIfMissing);
  // The body is written here rather than piped by Fastify: a piped stream's chunks stay the
  // socket's until written, so none of them could be filled again (see FileBody).
  reply.hijack();
  for (const [name, value] of answerHeaders) reply.raw.setHeader(name, value);
  reply.raw.writeHead(reply.statusCode);
  try {
    await body.sendTo(reply.raw);
  } catch (error) {
    request.log.error({ err: error, key }, 'download stopped');
    reply.raw.destroy();
  }
}

/**
 * The URLs the local driver signs, served by this server: uploads (single PUT or one part,
 * streamed to disk, never buffered), downloads of private files, and public images.
 */
export async function localStorageRoutes(
  app: FastifyInstance,
  options: {
    storage: LocalStorage;
    /**
     * Whether a PUT may replace the object already stored under `key`: only while its upload
     * is unfinished and unused (a PUT sent again). Nothing is replaced when absent.
     */
    mayReplace?: (key: string) => Promise<boolean>;
  },
) {
  const { storage } = options;
  const mayReplace = options.mayReplace ?? (async () => false);

  // Bodies of this plugin's routes are read by the handler as a stream, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.put('/storage/upload/*', { schema: { hide: true } }, async (request, reply) => {
    try {
      const grant = grantFor(storage, wildcard(request), ['put', 'part']);
      if (grant.op === 'get') throw new AppError('forbidden', 'This link is not valid');
      const length = declaredLength(request);
      if (grant.op === 'put' || grant.length !== undefined) {
        if (length !== grant.length) {
          throw new AppError(
            'upload_size_mismatch',
            `This URL accepts a body of exactly ${grant.length} bytes`,
          );
        }
      } else if (length > (grant.max ?? 0)) {
        throw new AppError('upload_size_mismatch', `This URL accepts at most ${grant.max} bytes`);
      }
      if (
        grant.op === 'put' &&
        grant.type !== '' &&
        mediaType(request.headers['content-type']) !== mediaType(grant.type)
      ) {
        throw new AppError('file_type_not_allowed', `This URL accepts Content-Type ${grant.type}`);
      }
      const etag =
        grant.op === 'put'
          ? await storage.receiveObject(grant.key, request.raw, length, () => mayReplace(grant.key))
          : await storage.receivePart(grant, request.raw, length);
      return reply.code(200).header('ETag', etag).send();
    } catch (error) {
      await drainRefusedBody(request);
      if (error instanceof LocalTransferError) {
        switch (error.reason) {
          case 'long':
          case 'short':
          case 'part-size':
            throw new AppError('upload_size_mismatch', error.message);
          case 'gone':
            throw new AppError('not_found', error.message);
          case 'busy':
          case 'exists':
            throw new AppError('conflict', error.message);
        }
      }
      throw error;
    }
  });

  app.get('/storage/download/*', { schema: { hide: true } }, async (request, reply) => {
    const grant = grantFor(storage, wildcard(request), ['get']);
    if (grant.op !== 'get') throw new AppError('forbidden', 'This link is not valid');
    return sendObject(storage, grant.key, request, reply, {
      'Content-Type': grant.type,
      'Content-Disposition': attachmentDisposition(grant.name),
      'Cache-Control': downloadCacheControl,
    });
  });

  app.get('/storage/public/*', { schema: { hide: true } }, async (request, reply) => {
    const key = wildcard(request);
    const extension = key.slice(key.lastIndexOf('.') + 1);
    const contentType = contentTypeByExtension.get(extension);
    // Only images are public; product files are reachable through signed downloads only.
    // A name the server never issues (of any length) is simply not there.
    if (!isImageExtension(extension) || !contentType || !storage.isValidKey(key)) {
      throw new AppError('not_found', 'Not found');
    }
    return sendObject(storage, key, request, reply, {
      'Content-Type': contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Shown as <img> by the member site, on another host.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });
}
