// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '~/test/render';
import { NewCommentsNotice } from './new-comments-notice';

function Arriving() {
  const [count, setCount] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setCount((before) => before + 2)}>
        arrive
      </button>
      <NewCommentsNotice count={count} onShow={() => setCount(0)} />
    </>
  );
}

describe('the notice of comments that arrived', () => {
  it('is one live region throughout: out of the layout while empty, then the offer in the same element', async () => {
    const container = await render(<Arriving />);
    const region = container.querySelector('[aria-live="polite"]')!;
    expect(region.textContent).toBe('');
    // Out of the flow (a parent's gap leaves no space for it), still in the accessibility tree.
    expect(region.className).toBe('sr-only');

    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('[aria-live="polite"]')).toBe(region);
    expect(region.textContent).toBe('Show 2 new comments');
    // Floating over the list (placed against its toolbar), so its coming moves no row.
    expect(region.className).toContain('absolute');

    await act(async () => region.querySelector('button')!.click());
    expect(region.textContent).toBe('');
    expect(region.className).toBe('sr-only');
  });
});
