import { useSyncExternalStore } from 'react';

/**
 * The screen size as one piece of state (spec §2 Root shell, §9 breakpoints 600 / 840 / 1280 /
 * 1920 px), the same numbers as Tailwind's `sm` / `md` / `lg` / `xl` (app/tailwind.css).
 * Components that must behave differently, not just look different, read it here.
 */
export const BREAKPOINTS = { sm: 600, md: 840, lg: 1280, xl: 1920 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export interface ScreenSize {
  width: number;
  /** At least this wide. */
  sm: boolean;
  md: boolean;
  lg: boolean;
  xl: boolean;
}

export function screenSize(width: number): ScreenSize {
  return {
    width,
    sm: width >= BREAKPOINTS.sm,
    md: width >= BREAKPOINTS.md,
    lg: width >= BREAKPOINTS.lg,
    xl: width >= BREAKPOINTS.xl,
  };
}

let current: ScreenSize | null = null;
const listeners = new Set<() => void>();

function read(): ScreenSize {
  const width = typeof window === 'undefined' ? 0 : window.innerWidth;
  // A new object only when a breakpoint is crossed: readers re-render on a change of size class,
  // not on every pixel of a drag.
  const next = screenSize(width);
  if (
    !current ||
    (Object.keys(BREAKPOINTS) as Breakpoint[]).some((breakpoint) => current![breakpoint] !== next[breakpoint])
  ) {
    current = next;
  }
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const queries = Object.values(BREAKPOINTS).map((width) => window.matchMedia(`(min-width: ${width}px)`));
  const changed = () => listeners.forEach((each) => each());
  queries.forEach((query) => query.addEventListener('change', changed));
  return () => {
    listeners.delete(listener);
    queries.forEach((query) => query.removeEventListener('change', changed));
  };
}

/** The screen's size class, kept up to date as it changes (a rotated phone, a resized window). */
export const useScreen = () => useSyncExternalStore(subscribe, read, () => screenSize(0));
