import * as sentimentModel from '~contract/sentiment-model';
import type { SentimentModelSchema } from '~contract/sentiment-model';
import type { SentimentTrainingEvent } from '~contract/realtime';
import type { z } from 'zod/mini';
import { api } from '~/lib/api';
import { cached, invalidate } from '~/lib/cache';
import { HttpError } from '~/lib/http';
import { createStore, useStore } from '~/lib/store';

export type SentimentModel = z.output<typeof SentimentModelSchema>;

export const sentimentModelKeys = { all: ['sentiment-model'] as const };

/** The model in use and its figures, for the review page's panel (docs/decisions/049). */
export function getSentimentModel() {
  return cached({
    queryKey: sentimentModelKeys.all,
    queryFn: () => api.call(sentimentModel.showSentimentModel, {}, { countsForLoading: false }),
    // Its panel says a failure, with a retry; the review beside it does not wait.
    retry: false,
  });
}

/**
 * Starts a training on the reviews now. One under way already (409: the API queues none beside
 * it) is no failure: its outcome is what the admin waits for. Either way the panel is read again,
 * and its status says which.
 */
export async function trainSentimentModel(): Promise<void> {
  try {
    await api.call(sentimentModel.trainSentimentModel, {});
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
  }
  await invalidate(sentimentModelKeys.all);
}

/** After a review: the panel's counts changed. */
export const sentimentModelChanged = () => invalidate(sentimentModelKeys.all);

/**
 * The last training event told here (queued, running, ended with its outcome), kept outside
 * React: it can come while no review page is open. The panel reads the training's state from the
 * API, read again on each event; this says how the last one ended, which no reading says once it
 * is over (app/features/comments/model-words.ts).
 */
const lastTold = createStore<SentimentTrainingEvent | null>(null);

export const sentimentTraining = {
  /** What a `SentimentTraining` event says; the live updates call it. */
  tell(event: SentimentTrainingEvent) {
    lastTold.set(event);
  },
  /**
   * Signing out (another user here never sees it), or back from a lost connection (an event may
   * have been missed: the API's reading alone is right).
   */
  clear() {
    lastTold.set(null);
  },
};

export const useToldTraining = () => useStore(lastTold);
