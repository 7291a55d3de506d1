import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * A small menu that picks one of a few values (the language, the theme), the current one
 * ticked. Both switchers post what is picked to /preferences, which keeps it.
 */
export function PreferenceMenu<Value extends string>({
  label,
  button,
  options,
  current,
  onPick,
}: {
  /** The button's accessible name: what it changes and what is set now. */
  label: string;
  /** What the button shows (an icon, a short code). */
  button: ReactNode;
  options: ReadonlyArray<{ value: Value; label: string; icon?: ReactNode; lang?: string }>;
  current: Value;
  onPick: (value: Value) => void;
}) {
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={label}
        className="focus-ring inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-fg-muted hover:bg-muted hover:text-fg data-[open]:bg-muted"
      >
        {button}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 min-w-40 rounded-lg bg-raised p-1 shadow-lg ring-1 ring-line focus:outline-none"
      >
        {options.map((option) => (
          <MenuItem key={option.value}>
            <button
              type="button"
              lang={option.lang}
              onClick={() => onPick(option.value)}
              className="flex w-full items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm text-fg data-[focus]:bg-muted"
              aria-current={option.value === current ? 'true' : undefined}
            >
              {option.icon ? <span className="text-fg-muted">{option.icon}</span> : null}
              <span className="flex-1">{option.label}</span>
              {option.value === current ? <CheckIcon /> : null}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 text-primary" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
