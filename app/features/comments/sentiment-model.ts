import * as sentimentModel from '~contract/sentiment-model';
import type { SentimentModelSchema } from '~contract/sentiment-model';
import type { z } from 'zod/mini';
import { api } from '~/lib/api';
import { cached, invalidate } from '~/lib/cache';

export type SentimentModel = z.output<typeof SentimentModelSchema>;

export const sentimentModelKeys = { all: ['sentiment-model'] as const };

/** The model in use and its figures, for the review page's panel (docs/decisions/049). */
export function getSentimentModel() {
  return cached({
    queryKey: sentimentModelKeys.all,
    queryFn: () => api.call(sentimentModel.showSentimentModel, {}, { countsForLoading: false }),
  });
}

/** Queues a training on the reviews now; the panel is read again. */
export async function trainSentimentModel() {
  await api.call(sentimentModel.trainSentimentModel, {});
  await invalidate(sentimentModelKeys.all);
}

/** After a review: the panel's counts changed. */
export const sentimentModelChanged = () => invalidate(sentimentModelKeys.all);
