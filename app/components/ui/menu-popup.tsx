import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useLayoutEffect, useRef } from 'react';
import { CheckIcon } from './icon';
import { menuTrigger, type AppMenuProps, type MenuHandOver } from './menu';

/** The menu itself (see `AppMenu` in ./menu, which loads this module when first wanted). */
export function MenuPopup({ handOver, ...props }: AppMenuProps & { handOver: MenuHandOver }) {
  const button = useRef<HTMLButtonElement>(null);
  const { children, ...look } = menuTrigger(props);
  // In the commit that swaps the stand-in out, before any key can land on the page in between;
  // and again in a later commit that brings a press made on the stand-in meanwhile.
  useLayoutEffect(() => {
    const trigger = button.current;
    if (!trigger) return;
    // Where the stand-in was: nothing to scroll to.
    if (handOver.focused || handOver.pressed) trigger.focus({ preventScroll: true });
    if (!handOver.pressed) return;
    const press = handOver.pressed;
    // Opened a frame later, once the swap has settled: Headless UI closes a menu whose button
    // moves while it is open, and this commit may still move things (other stand-ins swap too).
    const frame = requestAnimationFrame(() => {
      // A press on the stand-in means "open it", never "close it": an open menu stays open.
      if (trigger.getAttribute('aria-expanded') === 'true') return;
      if (press === 'pointer') trigger.click();
      // Headless UI opens on the key's own event; the same key, replayed, opens it the same way.
      else trigger.dispatchEvent(new KeyboardEvent('keydown', { key: press, bubbles: true, cancelable: true }));
    });
    return () => cancelAnimationFrame(frame);
    // As the menu first appears, and for each press handed over after that; never for anything else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handOver.presses]);
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
                onClick={entry.onSelect}
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
