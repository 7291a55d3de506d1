import { useStore, type Readable } from './store';

/**
 * The screen size as one piece of state (docs/product.md#screen-sizes: 600 / 840 / 1280 /
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

/** Read afresh at each render, so it is right even where no change was heard (nobody listened). */
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

/** The window's size class: the browser holds it, so this store only reads it and hears its changes. */
const screen: Readable<ScreenSize> = {
  get: read,
  subscribe(listener) {
    const queries = Object.values(BREAKPOINTS).map((width) => window.matchMedia(`(min-width: ${width}px)`));
    queries.forEach((query) => query.addEventListener('change', listener));
    return () => queries.forEach((query) => query.removeEventListener('change', listener));
  },
  // The prerendered page knows no window: it was drawn at width 0, and hydrates as such.
  serverValue: screenSize(0),
};

/** The screen's size class, kept up to date as it changes (a rotated phone, a resized window). */
export const useScreen = () => useStore(screen);
