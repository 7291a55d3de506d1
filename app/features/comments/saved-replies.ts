import { z } from 'zod/mini';
import * as savedReplies from '~contract/saved-replies';
import { SavedReplyBodySchema, type SavedReply, type SavedReplyBody } from '~contract/saved-replies';
import * as fieldsContract from '~contract/fields';
import { api } from '~/lib/api';
import { cached, invalidate } from '~/lib/cache';
import { failureToSay } from '~/lib/route-errors';

export type { SavedReply } from '~contract/saved-replies';

/** The saved replies' cache keys. */
export const savedReplyKeys = {
  all: ['savedReplies'] as const,
};

/** The user's saved replies (at most a couple of hundred, read at once), cached until one changes. */
export async function getSavedReplies(): Promise<SavedReply[]> {
  return (
    await cached({
      queryKey: savedReplyKeys.all,
      queryFn: () => api.call(savedReplies.listSavedReplies, {}, { countsForLoading: false }),
    })
  ).data;
}

/**
 * The saved replies a reply box offers, for a page's loader: null when they could not be read,
 * which the box says while the reply itself still works. An ended session or maintenance still
 * leaves the page (failureToSay throws for those).
 */
export const savedRepliesForReplying = (request: Request) =>
  getSavedReplies().catch((error: unknown) => {
    failureToSay(error, request);
    return null;
  });

/** The saved-reply form: the API's own rules, and which reply it changes (none for a new one). */
export const SavedReplyFormSchema = z.extend(SavedReplyBodySchema, { id: z.optional(fieldsContract.id()) });

export async function saveReply(id: string | undefined, body: SavedReplyBody): Promise<SavedReply> {
  const saved = id
    ? await api.call(savedReplies.updateSavedReply, { params: { id }, body })
    : await api.call(savedReplies.createSavedReply, { body });
  await invalidate(savedReplyKeys.all);
  return saved;
}

export async function deleteSavedReply(id: string): Promise<void> {
  await api.call(savedReplies.deleteSavedReply, { params: { id } });
  await invalidate(savedReplyKeys.all);
}
