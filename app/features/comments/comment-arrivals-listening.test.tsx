// @vitest-environment happy-dom
import { act } from 'react';
import { createStore, useStore } from '~/lib/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { asked, resetRouter, routerNow } from '~/test/router';

// What the hooks asked of the cache and the router, in order, and the router (`~/test/router`).
vi.mock('~/lib/cache', async () => {
  const { asked } = await import('~/test/router');
  return {
    invalidate: async (key: unknown) => void asked.push(`invalidate ${JSON.stringify(key)}`),
    updateCached: async () => {},
  };
});
vi.mock('@remix-run/react', async () => (await import('~/test/router')).remixModule);
vi.mock('react-router-dom', async () => (await import('~/test/router')).routerDomModule);

const { commentArrivals, useCommentArrivals, useReviewArrivals } = await import('./comment-arrivals');
const { listening } = await import('~/lib/listening');

const LISTS = ['projects', 'p1', 'comments', 'list'];
const SUMMARIES = ['projects', 'p1', 'comments', 'summary'];

/** A project's comments page on channel c1, read since `readSince`, showing how many wait. */
function ProjectPage({ readSince }: { readSince: number }) {
  const { waiting } = useCommentArrivals({ lists: LISTS, summaries: SUMMARIES }, ['c1'], {
    listKey: [...LISTS, {}],
    loaderStartedAt: readSince,
    listReadAt: readSince + 50,
  });
  return <p>{waiting} waiting</p>;
}

function ReviewPage({ readSince }: { readSince: number }) {
  useReviewArrivals(true, { listKey: ['comments', 'list', {}], loaderStartedAt: readSince, listReadAt: readSince });
  return null;
}

/** The same page, its filter changed from outside (`shownFilter`): a list key, its loader, its reading. */
const shownFilter = createStore({ key: 'all', loaderAt: 0, readAt: 0 });
function FilteredPage() {
  const shown = useStore(shownFilter);
  const { waiting } = useCommentArrivals({ lists: LISTS }, ['c1'], {
    listKey: [...LISTS, shown.key],
    loaderStartedAt: shown.loaderAt,
    listReadAt: shown.readAt,
  });
  return <p>{waiting} waiting</p>;
}

/** Lets the hooks' promises settle. */
const settled = () => act(async () => {});

beforeEach(() => {
  resetRouter();
  commentArrivals.clear();
  listening.forget();
});
afterEach(() => vi.useRealTimers());

describe('a list shown for another filter', () => {
  it('offers no more what arrived before it was read, and still offers it while shown from an older reading', async () => {
    const readSince = Date.now() - 1000;
    shownFilter.set({ key: 'all', loaderAt: readSince, readAt: readSince + 50 });
    commentArrivals.tell({ channelId: 'c1', added: 2, edited: [], removed: [], refresh: false, counted: [] });
    const container = await render(<FilteredPage />);
    expect(container.textContent).toBe('2 waiting');
    // Another filter, its list shown from a reading made before its loader began (the cache's):
    // they still wait.
    const loaderAt = Date.now();
    await act(async () => shownFilter.set({ key: 'words', loaderAt, readAt: readSince + 50 }));
    expect(container.textContent).toBe('2 waiting');
    // Read by that loader, or after it: they are in it.
    await act(async () => shownFilter.set({ key: 'words', loaderAt, readAt: loaderAt + 10 }));
    expect(container.textContent).toBe('0 waiting');
  });
});

describe('a page of comments and its subscription (what was told before it listened is lost)', () => {
  it('reads its list and its chart again when the page starts listening after it was read, and no longer offers what it heard', async () => {
    commentArrivals.tell({ channelId: 'c1', added: 2, edited: [], removed: [], refresh: false, counted: [] });
    const container = await render(<ProjectPage readSince={Date.now() - 1000} />);
    await settled();
    expect(asked).toEqual([]);
    expect(container.textContent).toBe('2 waiting');

    await act(async () => listening.began());
    await settled();
    expect(asked).toEqual([
      `invalidate ${JSON.stringify(LISTS)}`,
      `invalidate ${JSON.stringify(SUMMARIES)}`,
      'revalidate',
    ]);
    expect(container.textContent).toBe('0 waiting');

    // Again after a reconnect, while it is open.
    asked.length = 0;
    await act(async () => listening.began());
    await settled();
    expect(asked).toContain('revalidate');
  });

  it('reads again as it opens when the page started listening while its loader was under way', async () => {
    vi.useFakeTimers({ now: 10_000, toFake: ['Date'] });
    listening.began();
    await render(<ProjectPage readSince={9_000} />);
    await settled();
    expect(asked).toEqual([
      `invalidate ${JSON.stringify(LISTS)}`,
      `invalidate ${JSON.stringify(SUMMARIES)}`,
      'revalidate',
    ]);
  });

  it('reads nothing again for a page opened once listening: every change since its reading is heard', async () => {
    vi.useFakeTimers({ now: 10_000, toFake: ['Date'] });
    listening.began();
    await render(<ProjectPage readSince={10_001} />);
    await render(<ReviewPage readSince={10_001} />);
    await settled();
    expect(asked).toEqual([]);
  });

  it("reads the sentiment review's list again from its top at each subscription", async () => {
    commentArrivals.tellReview({ added: 3, toReview: 2 });
    await render(<ReviewPage readSince={Date.now() - 1000} />);
    await settled();
    expect(asked).toEqual([]);
    await act(async () => listening.began());
    await settled();
    expect(asked).toEqual([`invalidate ${JSON.stringify(['comments', 'list'])}`, 'revalidate']);
  });

  it('reads nothing of the page while the reader is on their way elsewhere: a reading would stop them', async () => {
    routerNow.navigation = 'loading';
    await render(<ProjectPage readSince={Date.now() - 1000} />);
    await act(async () => listening.began());
    await settled();
    expect(asked).toContain(`invalidate ${JSON.stringify(LISTS)}`);
    expect(asked).not.toContain('revalidate');
  });

  it('forgets when the page listened on signing out: the next session listens anew', async () => {
    vi.useFakeTimers({ now: 10_000, toFake: ['Date'] });
    listening.began();
    listening.forget();
    await render(<ProjectPage readSince={9_000} />);
    await settled();
    expect(asked).toEqual([]);
  });
});
