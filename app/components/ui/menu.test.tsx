// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { AppMenu, menuSeparator } from './menu';

async function press(key: string) {
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
  // Headless UI moves focus and the active item in the next frame, and tidies up after a close
  // in a later task: the fake clock runs that frame, then the tasks waiting by then, inside act,
  // so every update lands before the assertions, however slowly the machine runs them. (Not
  // every timer: its frame loop would never end.)
  await act(async () => {
    await vi.advanceTimersToNextFrame();
    await vi.runOnlyPendingTimersAsync();
  });
}

// Frames and timers run when a key press says so, not when the machine gets to them.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

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
    const trigger = container.querySelector('button')!;
    expect(trigger.textContent).toBe('Post actions');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    await act(async () => trigger.focus());

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

  it('ArrowUp opens the menu with the last item active', async () => {
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
    expect(container.querySelector('button')!.getAttribute('aria-expanded')).toBe('true');
    expect(activeItem()).toBe('Delete');
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
