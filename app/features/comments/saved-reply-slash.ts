import type { SavedReply } from '~contract/saved-replies';

/** The longest query after `/` the reply box still reads as a search (past it, it is a path or a word). */
const QUERY_MAX = 40;

/** At most this many saved replies are offered at once: a few letters more narrow the rest. */
export const SLASH_OPTIONS_MAX = 6;

/**
 * The saved-reply search the caret is in: a `/` at the start of the text or after a space, then
 * the letters typed since (no space). `start` is where the `/` is, so the reply replaces `/query`.
 * Undefined when the caret is not in one ("and/or" is not a search, nor is a URL's path).
 */
export function slashQueryAt(value: string, caret: number): { start: number; query: string } | undefined {
  const before = value.slice(0, caret);
  const match = new RegExp(`(^|\\s)\\/([^\\s/]{0,${QUERY_MAX}})$`).exec(before);
  if (!match) return undefined;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Lower case, without accents: "Caffè" is found by "caffe". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The saved replies a query finds: those whose title contains it (case and accents aside), the
 * titles that start with it first, then the others, each group in the list's order (by title).
 */
export function savedRepliesMatching(replies: SavedReply[], query: string): SavedReply[] {
  const wanted = folded(query);
  const starting: SavedReply[] = [];
  const containing: SavedReply[] = [];
  for (const reply of replies) {
    const title = folded(reply.title);
    if (title.startsWith(wanted)) starting.push(reply);
    else if (title.includes(wanted)) containing.push(reply);
  }
  return [...starting, ...containing].slice(0, SLASH_OPTIONS_MAX);
}

/** The text with `/query` (from `start` to the caret) replaced by `insert`, and where the caret goes after it. */
export function insertAt(
  value: string,
  start: number,
  caret: number,
  insert: string,
): { value: string; caret: number } {
  return { value: value.slice(0, start) + insert + value.slice(caret), caret: start + insert.length };
}
