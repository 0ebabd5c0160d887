/**
 * Reads the files of a multipart upload onto the disk, one at a time as they arrive, so
 * memory stays small whatever their size. Limits are enforced while reading: a file over
 * its size, a request over its total, more files than allowed or another field than the
 * one named ends the request with a 4xx naming the file or the field, and whatever was
 * read is removed. Reading stops at the limit: the rest of the body is never read (the
 * routes close the connection rather than drain it). A body that ends before its files do
 * (a sender that hangs up, a form without its closing boundary) is the sender's doing: a
 * 400, with nothing kept.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileNameInMessages } from '#shared/file-names';
import { badRequest, HttpError } from '#server/http-error.ts';

export interface ReceivedFile {
  /** The name it was sent with, cleaned for messages. */
  name: string;
  path: string;
  size: number;
}

export interface ReceiveLimits {
  field: string;
  maxFiles: number;
  maxBytes: number;
  /** The whole request's, files and framing together. */
  maxRequestBytes: number;
  incomingDir: string;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const requestTooLarge = (maxRequestBytes: number) =>
  new HttpError(413, `An upload request carries at most ${megabytes(maxRequestBytes)}`);

/** A declared length over the limit is refused before anything is read. */
export function checkDeclaredLength(request: FastifyRequest, maxRequestBytes: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxRequestBytes) {
    throw requestTooLarge(maxRequestBytes);
  }
}

const MULTIPART_LIMIT_ERRORS: Record<string, (limits: ReceiveLimits) => string> = {
  FST_FILES_LIMIT: (l) =>
    `At most ${l.maxFiles} ${l.maxFiles === 1 ? 'file' : 'files'} can be uploaded at once`,
  FST_PARTS_LIMIT: (l) => `Send only the files, in the field '${l.field}'`,
  FST_FIELDS_LIMIT: (l) => `Send only the files, in the field '${l.field}'`,
};

export async function receiveFiles(
  request: FastifyRequest,
  limits: ReceiveLimits,
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) {
    throw badRequest(`Send the files as multipart/form-data in the field '${limits.field}'`);
  }
  const received: ReceivedFile[] = [];
  let stopCounting = () => {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxBytes,
        files: limits.maxFiles,
        fields: 0,
        // One part more than the files allowed, so one file too many is told as such.
        parts: limits.maxFiles + 1,
        fieldNameSize: 100,
        headerPairs: 50,
      },
    });
    // Once the parser reads the body, so that no byte passes by uncounted.
    stopCounting = countRequestBytes(request, limits.maxRequestBytes);
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== limits.field) {
        throw badRequest(`Send only the files, in the field '${limits.field}'`);
      }
      const name = fileNameInMessages(part.filename, received.length);
      const target = path.join(limits.incomingDir, randomUUID());
      const file = { name, path: target, size: 0 };
      received.push(file);
      part.file.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      const tooLarge = () =>
        new HttpError(413, `${name} is larger than ${megabytes(limits.maxBytes)}`);
      // At its limit the file fails at once: left alone, the parser would read the rest
      // of its part, however long, before saying so.
      part.file.once('limit', () => part.file.destroy(tooLarge()));
      await pipeline(part.file, createWriteStream(target, { mode: 0o600 }));
      // The parser may have met the limit before this part was handed over.
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    await discard(received);
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    const message = typeof code === 'string' ? MULTIPART_LIMIT_ERRORS[code]?.(limits) : undefined;
    if (message) throw badRequest(message);
    if (endedEarly(request, error)) throw badRequest('The upload ended before its files did');
    throw error;
  } finally {
    stopCounting();
  }
  if (received.length === 0) throw badRequest(`No files were sent in the field '${limits.field}'`);
  return received;
}

/** The multipart parser's words for a body that stops inside a part or before its end. */
const CUT_OFF = /unexpected end of multipart data/i;

/**
 * Whether reading failed because the body ended early: the sender hung up before the
 * length it declared, or the form stops before its closing boundary. Anything else (a full
 * disk) stays the server's failure.
 */
function endedEarly(request: FastifyRequest, error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    request.raw.readableAborted ||
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    (typeof message === 'string' && CUT_OFF.test(message))
  );
}

/**
 * Counts the body's bytes as the multipart parser reads them; past the limit the body is
 * paused and the parser ends with the 413 (it listens for the request's errors), whether a
 * length was declared or the body comes in chunks. Answers the function that stops it.
 */
function countRequestBytes(request: FastifyRequest, maxRequestBytes: number): () => void {
  let count = 0;
  const onData = (chunk: Buffer) => {
    count += chunk.length;
    if (count <= maxRequestBytes) return;
    request.raw.off('data', onData);
    request.raw.pause();
    request.raw.emit('error', requestTooLarge(maxRequestBytes));
  };
  request.raw.on('data', onData);
  return () => request.raw.off('data', onData);
}

/** Removes received files that were not kept. */
export async function discard(files: readonly { path: string }[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}
