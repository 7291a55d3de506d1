import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '~/lib/http';
import { queryClient } from '~/lib/query-client';
import { sentimentModelKeys, trainSentimentModel } from './sentiment-model';

// The API as the feature calls it (a plain function: a vi.fn's rejected answer would be
// reported unhandled).
const api = vi.hoisted(() => ({ answer: (): Promise<unknown> => Promise.resolve(null) }));
vi.mock('~/lib/api', () => ({ api: { call: () => api.answer() } }));

afterEach(() => queryClient.clear());

describe('trainSentimentModel (the panel\'s "Train now")', () => {
  it('reads the panel again once the API queued a training', async () => {
    queryClient.setQueryData(sentimentModelKeys.all, { stale: true });
    api.answer = () => Promise.resolve(null);
    await trainSentimentModel();
    expect(queryClient.getQueryState(sentimentModelKeys.all)?.isInvalidated).toBe(true);
  });

  it('takes one under way (409) as no failure, and reads the panel again, which says it runs', async () => {
    queryClient.setQueryData(sentimentModelKeys.all, { stale: true });
    api.answer = () => Promise.reject(new HttpError(409, { message: 'A training is under way.' }));
    await trainSentimentModel();
    expect(queryClient.getQueryState(sentimentModelKeys.all)?.isInvalidated).toBe(true);
  });

  it('lets any other failure through, for the page to say', async () => {
    const failure = new HttpError(500, { message: 'Server error.' });
    api.answer = () => Promise.reject(failure);
    await expect(trainSentimentModel()).rejects.toBe(failure);
  });
});
