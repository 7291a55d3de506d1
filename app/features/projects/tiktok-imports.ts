import type { TiktokUser } from '~contract/tiktok-users';
import { createStore, useStore } from '~/lib/store';

/**
 * The TikTok imports under way, as their progress events tell
 * (docs/product.md#tiktok-users): one entry per TikTok user, with how far it is. Outside React, as
 * the dialog's state is: an event can come while no page is rendering. An import that reached 100
 * stays a moment (`DONE_SHOWN_MS`), so the full bar is seen, then goes.
 */
export interface TiktokImport {
  user: TiktokUser;
  progress: number;
}

export const DONE_SHOWN_MS = 4000;

const NONE: readonly TiktokImport[] = [];
const imports = createStore(NONE);
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export const tiktokImports = {
  /** A progress event; answers whether it finished the import (100). */
  report(user: TiktokUser, progress: number): boolean {
    const current = imports.get();
    const at = current.findIndex((each) => each.user._id === user._id);
    // Events may overtake each other on the way: a lower number than shown is old news.
    if (at !== -1 && current[at]!.progress > progress) return false;
    const entry = { user, progress };
    imports.set(at === -1 ? [...current, entry] : current.map((each, index) => (index === at ? entry : each)));
    clearTimeout(timers.get(user._id));
    if (progress < 100) return false;
    timers.set(
      user._id,
      setTimeout(() => tiktokImports.dismiss(user._id), DONE_SHOWN_MS),
    );
    return true;
  },
  dismiss(userId: string) {
    clearTimeout(timers.get(userId));
    timers.delete(userId);
    if (!imports.get().some((each) => each.user._id === userId)) return;
    imports.update((current) => current.filter((each) => each.user._id !== userId));
  },
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    imports.set([]);
  },
  current: imports.get,
  subscribe: imports.subscribe,
};

export const useTiktokImports = () => useStore(imports);

/**
 * What a screen reader hears of an import: its start, each quarter, and the end, not every page
 * (a bar that talks at every step is noise): the highest step reached.
 */
export function announcedStep(progress: number): 0 | 25 | 50 | 75 | 100 {
  if (progress >= 100) return 100;
  if (progress >= 75) return 75;
  if (progress >= 50) return 50;
  if (progress >= 25) return 25;
  return 0;
}
