import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TiktokUser } from '~contract/tiktok-users';
import { announcedStep, DONE_SHOWN_MS, tiktokImports } from './tiktok-imports';

const user = (id: string, name = 'Caffè Orbita'): TiktokUser => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  projectId: '00000000-0000-4000-8000-0000000000aa',
  importProgress: null,
  importStalled: false,
  importFailure: null,
  importedAt: null,
  videoCount: 0,
});

afterEach(() => {
  tiktokImports.clear();
  vi.useRealTimers();
});

describe('the TikTok imports under way, as their progress events tell', () => {
  it('follows each import, ignores progress that arrives late, and says when one finished', () => {
    expect(tiktokImports.report(user('1'), 23)).toBe(false);
    expect(tiktokImports.report(user('2', 'Gelato Lab'), 50)).toBe(false);
    expect(tiktokImports.report(user('1'), 47)).toBe(false);
    // An older event overtaken on the way changes nothing.
    expect(tiktokImports.report(user('1'), 23)).toBe(false);
    expect(tiktokImports.current().map((each) => [each.user.name, each.progress])).toEqual([
      ['Caffè Orbita', 47],
      ['Gelato Lab', 50],
    ]);
    expect(tiktokImports.report(user('1'), 100)).toBe(true);
    expect(tiktokImports.current()[0]!.progress).toBe(100);
  });

  it('keeps a finished import on screen a moment, then lets it go; dismissing it is at once', () => {
    vi.useFakeTimers();
    tiktokImports.report(user('1'), 100);
    tiktokImports.report(user('2'), 100);
    vi.advanceTimersByTime(DONE_SHOWN_MS - 1);
    expect(tiktokImports.current()).toHaveLength(2);
    tiktokImports.dismiss(user('2')._id);
    expect(tiktokImports.current()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(tiktokImports.current()).toEqual([]);
  });

  it('announces the start, each quarter and the end, not every page', () => {
    expect([0, 23, 25, 47, 50, 71, 75, 95, 99, 100].map(announcedStep)).toEqual([
      0, 0, 25, 25, 50, 50, 75, 75, 75, 100,
    ]);
  });
});
