// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { ChatWidget } from './chat-widget';

describe('the chat widget', () => {
  function setWidth(width: number) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.matchMedia = ((query: string) => ({
      matches: width >= Number(/(\d+)px/.exec(query)?.[1] ?? 0),
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  }

  // The script waits for an idle moment (app/lib/idle.ts): the test's clock decides when that is.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.querySelectorAll('script[data-chat-widget]').forEach((script) => script.remove());
  });

  it('shows and loads nothing without configuration', async () => {
    setWidth(1280);
    const container = await render(<ChatWidget config={null} />);
    expect(container.querySelector('#customer-chat')).toBeNull();
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
  });

  it('is hidden on a small screen and its script not loaded', async () => {
    setWidth(375);
    const container = await render(<ChatWidget config={{ url: 'https://chat.example/widget.js', id: 'abc' }} />);
    expect(container.querySelector('#customer-chat')?.hasAttribute('hidden')).toBe(true);
    await act(async () => vi.runAllTimers());
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
  });

  it('loads once the page is idle on a medium screen', async () => {
    setWidth(1000);
    const container = await render(<ChatWidget config={{ url: 'https://chat.example/widget.js', id: 'abc' }} />);
    expect(container.innerHTML).toBe('<div id="customer-chat" data-testid="chat-widget"></div>');
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
    await act(async () => vi.runAllTimers());
    expect(document.querySelector('script[data-chat-widget="abc"]')).not.toBeNull();
  });
});
