import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useRef, type ReactNode } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button';
import { CheckIcon, StrokeIcon } from './icon';

/** One thing the menu does. `danger` for what destroys; `disabled` stays listed but skipped. */
export interface MenuAction {
  label: string;
  onSelect: () => void;
  /** Before the label (decorative; the label names the item). */
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** The value in force, among items that each set one (the language, the theme): ticked. */
  current?: boolean;
  /** The item's own language, where its label is in it ("Italiano"). */
  lang?: string;
}

/** A line between groups of items. */
export const menuSeparator = { separator: true } as const;

/** Words at the top of the menu that do nothing (who is signed in), announced with it. */
export interface MenuNote {
  note: ReactNode;
}

export type MenuEntry = MenuAction | typeof menuSeparator | MenuNote;

export interface AppMenuProps {
  label: string;
  items: MenuEntry[];
  icon?: ReactNode;
  iconOnly?: boolean;
  trigger?: ReactNode;
  /** The compact trigger's content names it (text, some visually hidden): `label` is not set over it. */
  triggerNamesItself?: boolean;
  /** Extra classes for the compact trigger (a round avatar button). */
  triggerClassName?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

const iconSizes: Record<ButtonSize, string> = { sm: 'size-8', md: 'size-10', lg: 'size-12' };

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="size-5">
      <circle cx="12" cy="5" r="1.75" />
      <circle cx="12" cy="12" r="1.75" />
      <circle cx="12" cy="19" r="1.75" />
    </svg>
  );
}

function ChevronDown() {
  return <StrokeIcon d="m6 9 6 6 6-6" className="-mr-1 size-4 transition-transform group-data-[open]:rotate-180" />;
}

/**
 * The trigger's look, name and content: a button showing `label`, or with `iconOnly` just its icon (three dots unless `icon` is
 * given), or with `trigger` a compact button showing that (an icon and a short code).
 */
function menuTrigger({
  label,
  icon,
  iconOnly = false,
  trigger,
  triggerClassName = 'h-9 px-2',
  triggerNamesItself = false,
  variant = 'secondary',
  size = 'md',
}: AppMenuProps): { className: string; 'aria-label'?: string; children: ReactNode } {
  if (trigger)
    return {
      'aria-label': triggerNamesItself ? undefined : label,
      className: `focus-ring inline-flex shrink-0 items-center gap-1.5 rounded-md text-sm ${triggerClassName} font-semibold text-fg-muted transition-colors hover:bg-muted hover:text-fg data-[open]:bg-muted data-[open]:text-fg`,
      children: trigger,
    };
  if (iconOnly)
    return {
      'aria-label': label,
      className: `focus-ring inline-flex shrink-0 items-center justify-center rounded-md text-fg-muted transition-colors hover:bg-muted hover:text-fg data-[open]:bg-muted data-[open]:text-fg ${iconSizes[size]}`,
      children: icon ?? <MoreIcon />,
    };
  return {
    className: buttonClass(variant, 'group', size),
    children: (
      <>
        {icon}
        {label}
        <ChevronDown />
      </>
    ),
  };
}

/** Marks, for a second, the menu button whose item is opening a dialog (read by ./dialog-popup). */
const DIALOG_OPENER = 'data-dialog-opener';

/**
 * The one dropdown menu: Headless UI's Menu (arrow keys, type-ahead, Escape, focus back to the
 * trigger) in the product's frame. Items do something; for choosing a value in a form use a
 * `Select`, and for a switcher in a toolbar that applies at once (the language, the theme) a
 * `CompactSelect`. Only signed-in pages have menus: the guest pages' first load carries none
 * (docs/decisions/040-first-load-less-machinery.md).
 */
export function AppMenu(props: AppMenuProps) {
  const { children, ...look } = menuTrigger(props);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Menu as="div" className={`relative inline-flex ${props.className ?? ''}`}>
      <MenuButton ref={button} {...look}>
        {children}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 min-w-48 rounded-lg bg-raised p-1 text-sm text-fg shadow-lg ring-1 ring-line outline-none [--anchor-gap:--spacing(1)]"
      >
        {props.items.map((entry, index) =>
          'separator' in entry ? (
            <MenuSeparator key={`separator-${index}`} className="mx-1 my-1 h-px bg-line" />
          ) : 'note' in entry ? (
            <MenuSection key={`note-${index}`}>
              <MenuHeading className="px-3 py-2 text-xs text-fg-muted">{entry.note}</MenuHeading>
            </MenuSection>
          ) : (
            <MenuItem key={`${entry.label}-${index}`} disabled={entry.disabled}>
              <button
                type="button"
                lang={entry.lang}
                aria-current={entry.current ? 'true' : undefined}
                onClick={() => {
                  // An item that opens a dialog: the dialog gives the focus back to this menu's
                  // button (app/components/ui/dialog-popup.tsx), which a click never focused.
                  const opener = button.current;
                  opener?.setAttribute(DIALOG_OPENER, '');
                  setTimeout(() => opener?.removeAttribute(DIALOG_OPENER), 1000);
                  entry.onSelect();
                }}
                className={`flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left data-[disabled]:cursor-not-allowed data-[disabled]:text-fg-subtle ${
                  entry.danger ? 'text-danger-fg data-[focus]:bg-danger-soft' : 'data-[focus]:bg-muted'
                }`}
              >
                {entry.icon ? (
                  <span aria-hidden="true" className="flex size-4 shrink-0 items-center justify-center">
                    {entry.icon}
                  </span>
                ) : null}
                <span className="min-w-0 flex-1">{entry.label}</span>
                {entry.current ? <CheckIcon className="size-4 shrink-0 text-primary" /> : null}
              </button>
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  );
}
