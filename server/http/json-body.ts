import type { Context } from 'hono';
import { HttpError } from './errors';

export const MAX_BODY_BYTES = 16 * 1024;

const tooLarge = () => new HttpError(413, 'bodyTooLarge');

/**
 * Reads a JSON request body within the contract's limits: 413 over 16 KiB (or `limit`) (by the declared
 * Content-Length and by the bytes actually received, since a client may lie or stream),
 * 415 for another content type, 400 for text that is not JSON. An empty body reads as `{}`,
 * so a bodiless POST meets the field rules (422) rather than a parse error.
 */
export async function readJsonBody(c: Context, limit = MAX_BODY_BYTES): Promise<unknown> {
  return parseJsonBody(c, await readBodyBytes(c, limit));
}

/** `bytes` read as readJsonBody reads them: for a caller that needs the raw bytes first (a signature). */
export function parseJsonBody(c: Context, bytes: Uint8Array): unknown {
  if (bytes.length === 0) return {};

  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(type)) {
    throw new HttpError(415, 'unsupportedMediaType');
  }

  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'malformedJson');
  }
}

/**
 * A request body's bytes within the API's 16 KiB (or `limit`), by the declared Content-Length and by the
 * bytes actually received (a client may lie or stream): 413 past it. For any body, JSON or not.
 */
export async function readBodyBytes(c: Context, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The connection ended before the body did: the client went away, or the server's deadline
      // (server/http/node-server.ts) cut it off and already answered 408. Nobody reads this
      // answer; it is said so that a client's leaving is not logged as the API's failure.
      throw new HttpError(400, 'bodyIncomplete');
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
