// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { AppMenu, menuSeparator } from './menu';

async function press(key: string) {
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
  // Headless UI moves focus and the active item in the next frame, and tidies up after a
  // close in a later task; both inside act, so every update lands before the assertions.
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
  });
}

/** Lets the menu's own code (loaded on first intent) arrive and take over from the stand-in. */
async function menuCodeArrives() {
  await act(async () => {
    await import('./menu-popup');
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const activeItem = () => {
  const menu = document.querySelector('[role="menu"]');
  const id = menu?.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('AppMenu', () => {
  it('opens from the keyboard, skips a disabled item, and Enter selects the active one', async () => {
    const edit = vi.fn();
    const archive = vi.fn();
    const remove = vi.fn();
    const container = await render(
      <AppMenu
        label="Post actions"
        items={[
          { label: 'Edit', onSelect: edit },
          { label: 'Archive', onSelect: archive, disabled: true },
          menuSeparator,
          { label: 'Delete', onSelect: remove, danger: true },
        ]}
      />,
    );
    const standIn = container.querySelector('button')!;
    expect(standIn.textContent).toBe('Post actions');
    expect(standIn.getAttribute('aria-haspopup')).toBe('menu');
    await act(async () => standIn.focus());
    await menuCodeArrives();
    // The menu's own button took the stand-in's place, and its focus.
    const trigger = container.querySelector('button')!;
    expect(document.activeElement).toBe(trigger);

    await press('Enter');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelectorAll('[role="menuitem"]')).toHaveLength(3);
    expect(activeItem()).toBe('Edit');

    await press('ArrowDown');
    expect(activeItem()).toBe('Delete');

    await press('Enter');
    expect(remove).toHaveBeenCalledOnce();
    expect(edit).not.toHaveBeenCalled();
    expect(archive).not.toHaveBeenCalled();
    expect(document.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('a key pressed before the code arrives opens the menu as it would have', async () => {
    const container = await render(
      <AppMenu
        label="Post actions"
        items={[
          { label: 'Edit', onSelect: () => {} },
          { label: 'Delete', onSelect: () => {} },
        ]}
      />,
    );
    await act(async () => container.querySelector('button')!.focus());
    await press('ArrowUp');
    await menuCodeArrives();
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    });
    expect(container.querySelector('button')!.getAttribute('aria-expanded')).toBe('true');
    expect(activeItem()).toBe('Delete');
  });

  it('a mouse press on the stand-in opens the menu, even when the swap comes before the click', async () => {
    // A fresh copy of the module: its menu code not loaded yet, so a stand-in shows.
    vi.resetModules();
    const { AppMenu: FreshMenu } = await import('./menu');
    const container = await render(<FreshMenu label="Account" items={[{ label: 'Log out', onSelect: () => {} }]} />);
    expect(container.querySelector('button')!.getAttribute('aria-expanded')).toBe('false');
    await act(async () => {
      container
        .querySelector('button')!
        .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }));
    });
    // The menu's code arrives between the press and the release: no click ever reaches the stand-in.
    await menuCodeArrives();
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
    });
    expect(container.querySelector('button')!.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelectorAll('[role="menuitem"]')).toHaveLength(1);
  });

  it('an icon-only trigger is named by its label', async () => {
    const container = await render(
      <AppMenu label="More actions" iconOnly items={[{ label: 'Edit', onSelect: () => {} }]} />,
    );
    const trigger = container.querySelector('button')!;
    expect(trigger.getAttribute('aria-label')).toBe('More actions');
    expect(trigger.textContent).toBe('');
  });
});
