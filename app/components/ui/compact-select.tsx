import type { ReactNode } from 'react';

export interface CompactSelectOption {
  value: string;
  label: string;
  /** The option's own language, where its label is in it ("Italiano"). */
  lang?: string;
}

/**
 * A switcher that applies at once (the language, the theme), worn as a small toolbar button:
 * `face` (an icon, a short code) is what shows, and the browser's own select, transparent and
 * laid over it, takes the pointer, the keyboard and assistive technology and opens the device's
 * own list (a sheet on a phone). It needs no script to open, so it works as soon as the page
 * shows (docs/decisions/040-first-load-less-machinery.md). In a form, use `Select`.
 */
export function CompactSelect({
  label,
  value,
  options,
  face,
  onChange,
}: {
  /** The select's name ("Change language"); the chosen option's label is announced after it. */
  label: string;
  value: string;
  options: readonly CompactSelectOption[];
  face: ReactNode;
  onChange: (value: string) => void;
}) {
  return (
    <span className="relative inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-fg-muted outline-2 outline-offset-2 outline-transparent transition-colors hover:bg-muted hover:text-fg has-focus-visible:outline-(--focus)">
      {/* Not `display: contents`: Chromium would drop the element, and its aria-hidden with it. */}
      <span aria-hidden="true" className="inline-flex items-center gap-1.5">
        {face}
      </span>
      <select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // The list the device opens takes its colours from the select: the theme's.
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md bg-raised text-fg opacity-0"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
