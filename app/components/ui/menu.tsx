import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button';
import { StrokeIcon } from './icon';

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
 * The trigger's look, name and content, the same before and after the menu's code has loaded:
 * a button showing `label`, or with `iconOnly` just its icon (three dots unless `icon` is
 * given), or with `trigger` a compact button showing that (an icon and a short code).
 */
export function menuTrigger({
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

/**
 * Headless UI's Menu, with its positioning and focus code, is most of a menu's weight; the
 * guest pages show two menu buttons and need neither until someone reaches for one (issue 9,
 * docs/decisions/021-first-load.md). So it loads on the first sign of intent: the pointer
 * over the button, focus on it, or a press.
 */
const loadPopup = () => import('./menu-popup');
let popupLoaded = false;
/** Stand-ins waiting for the menu's code: once it is in, every one of them swaps at once. */
const waiting = new Set<() => void>();
const MenuPopup = lazy(async () => {
  const module = await loadPopup();
  popupLoaded = true;
  for (const swap of waiting) swap();
  return { default: module.MenuPopup };
});

/** What happened to the stand-in button before the menu's code arrived, for the menu to carry on. */
export interface MenuHandOver {
  focused: boolean;
  /**
   * Pressed before the code came: the menu opens as it arrives, as the press would have opened
   * it (a click opens it; Enter, Space and ArrowDown with the first item active, ArrowUp the last).
   */
  pressed: null | 'pointer' | 'Enter' | 'ArrowUp';
  /**
   * Counts the presses. Each press is its own update, and React may commit an earlier one (the
   * focus that started the loading) with the menu before a press made meanwhile: the menu,
   * already there then, carries out each new press as it arrives, once.
   */
  presses: number;
}

/**
 * The one dropdown menu: Headless UI's Menu (arrow keys, type-ahead, Escape, focus back to the
 * trigger) in the product's frame, loaded when first wanted. Until then a button that looks and
 * is named the same stands in. Items do something; for choosing a value in a form use a
 * listbox (a switcher that applies at once is a menu).
 */
export function AppMenu(props: AppMenuProps) {
  const [handOver, setHandOver] = useState<MenuHandOver | null>(() =>
    popupLoaded ? { focused: false, pressed: null, presses: 0 } : null,
  );
  const wrapperClass = `relative inline-flex ${props.className ?? ''}`;
  const standIn = useRef<HTMLDivElement>(null);
  // A pointer press already handed over: the click that ends it is the same press, not a second
  // one (counted twice, the menu would open and then close again).
  const pointerPressed = useRef(false);
  const want = (change: Partial<MenuHandOver>) =>
    // A transition keeps the stand-in on screen (no fallback flash) until the menu is ready.
    startTransition(() =>
      setHandOver((before) => {
        const presses = (before?.presses ?? 0) + (change.pressed ? 1 : 0);
        return { focused: false, pressed: null, ...before, ...change, presses };
      }),
    );
  useEffect(() => {
    if (handOver) return;
    // Another menu brought the code in: take it now, before anybody reaches for this one.
    const swap = () => want({ focused: standIn.current?.contains(document.activeElement) ?? false });
    waiting.add(swap);
    return () => void waiting.delete(swap);
  }, [handOver]);
  // One boundary from the start: being already on screen, it keeps the stand-in (and its
  // focus) through the transition instead of swapping in the fallback.
  return (
    <Suspense fallback={<StandIn props={props} className={wrapperClass} />}>
      {handOver ? (
        <MenuPopup {...props} handOver={handOver} />
      ) : (
        <StandIn
          props={props}
          className={wrapperClass}
          wrapperRef={standIn}
          onPointerEnter={() => want({})}
          onFocus={() => want({ focused: true })}
          onBlur={() => want({ focused: false })}
          // The press, not the click: if the menu swaps in between the two, the click never comes.
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            pointerPressed.current = true;
            want({ focused: true, pressed: 'pointer' });
          }}
          // A click without a press before it (assistive technology, a script) is a press of its own.
          onClick={() => {
            if (pointerPressed.current) pointerPressed.current = false;
            else want({ pressed: 'pointer' });
          }}
          onKeyDown={(event: KeyboardEvent) => {
            if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
              // Not a click as well: the key says how the menu opens.
              event.preventDefault();
              want({ focused: true, pressed: event.key === 'ArrowUp' ? 'ArrowUp' : 'Enter' });
            }
          }}
        />
      )}
    </Suspense>
  );
}

function StandIn({
  props,
  className,
  wrapperRef,
  ...handlers
}: {
  props: AppMenuProps;
  className: string;
  wrapperRef?: RefObject<HTMLDivElement>;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { children, ...look } = menuTrigger(props);
  return (
    <div className={className} ref={wrapperRef}>
      <button type="button" aria-haspopup="menu" aria-expanded="false" {...look} {...handlers}>
        {children}
      </button>
    </div>
  );
}
