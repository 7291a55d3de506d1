import type { TFunction } from 'i18next';

/**
 * The name a comment shows: its author's, or words saying the provider did not share it
 * (LinkedIn gives an app no name for its members' comments; docs/decisions/046).
 */
export function authorOf(comment: { authorName: string }, t: TFunction): string {
  return comment.authorName.trim() === '' ? t('common.unnamedAuthor') : comment.authorName;
}

/** How an author's name is set: a name stands out; the words standing in for one do not. */
export function authorClass(comment: { authorName: string }): string {
  return comment.authorName.trim() === '' ? 'italic text-fg-muted' : '';
}
