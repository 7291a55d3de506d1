import type { Context } from 'hono';
import { readBodyBytes } from './json-body';

export const FORM = 'application/x-www-form-urlencoded';

/**
 * A form-encoded body's fields (the first of each name), or undefined for any other body; within
 * the API's 16 KiB (413 past it). What a browser's form and RFC 6749's token requests send, and
 * what route()'s JSON reading refuses: the sandboxes' pages and token endpoints read it.
 */
export async function readForm(c: Context): Promise<Record<string, string> | undefined> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  // Bytes that are not UTF-8 become U+FFFD: such a field matches nothing it is compared with.
  const text = Buffer.from(await readBodyBytes(c)).toString('utf8');
  if (type !== FORM) return undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) fields[name] ??= value;
  return fields;
}

/** `uri` with `params` added to its query (what is undefined is left out), keeping what it had. */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
