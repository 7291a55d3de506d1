import type { Context } from 'hono';
import { HttpError, ValidationError } from './errors';

export const MAX_BODY_BYTES = 16 * 1024;

/**
 * How deep a JSON body's arrays and objects may nest: no request of the API nests past 10, nor
 * does Meta's webhook delivery. Deeper is refused before any of our code, or zod, walks it.
 */
export const MAX_JSON_DEPTH = 32;

const tooLarge = () => new HttpError(413, 'bodyTooLarge');

/**
 * Reads a JSON request body within the contract's limits: 413 over 16 KiB (or `limit`) (by the declared
 * Content-Length and by the bytes actually received, since a client may lie or stream),
 * 415 for another content type, 400 for text that is not JSON, 422 for JSON nested past
 * MAX_JSON_DEPTH or with a `__proto__` key. An empty body reads as `{}`, so a bodiless POST
 * meets the field rules (422) rather than a parse error.
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

  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'malformedJson');
  }
  refuseOddJson(value);
  return value;
}

/**
 * 422 for JSON that is valid but that no request of the API is: arrays and objects nested past
 * MAX_JSON_DEPTH (a body of 16 KiB, or a webhook's 1 MiB, can nest hundreds of thousands deep,
 * and whatever walks it by recursion, ours or a library's, runs out of stack: a 500), or a key
 * `__proto__` (which sets an object's prototype when a copy assigns it). Walked without recursion:
 * `frames` holds the containers from the body down to the one being read, each with how far it
 * is read, so it is the path of the field at hand, and never longer than MAX_JSON_DEPTH.
 */
function refuseOddJson(body: unknown): void {
  type Frame = { value: object; keys: string[] | undefined; next: number };
  const frames: Frame[] = [];
  const keyOf = (frame: Frame) => (frame.keys ? frame.keys[frame.next - 1] : frame.next - 1);
  const fieldHere = () => frames.map(keyOf).join('.');
  const enter = (value: object) => {
    if (frames.length === MAX_JSON_DEPTH) {
      throw new ValidationError([{ field: fieldHere(), rule: 'depth', param: String(MAX_JSON_DEPTH) }]);
    }
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    // Named by the object that holds it: a field called `__proto__` would be one more such key.
    if (keys?.includes('__proto__')) {
      throw new ValidationError([{ field: fieldHere() || 'body', rule: 'reservedKey', param: '__proto__' }]);
    }
    frames.push({ value, keys, next: 0 });
  };

  if (body === null || typeof body !== 'object') return;
  enter(body);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const key = frame.keys ? frame.keys[frame.next] : frame.next;
    if (key === undefined || (!frame.keys && frame.next >= (frame.value as unknown[]).length)) {
      frames.pop();
      continue;
    }
    frame.next++;
    const inner: unknown = (frame.value as Record<string | number, unknown>)[key];
    if (inner !== null && typeof inner === 'object') enter(inner);
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
