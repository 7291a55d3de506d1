// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { forgetInboxCount, useInboxOpenCount } from './inbox';

/** A part of the chrome that shows the open count, as the header and the navigation do. */
function OpenCount({ label }: { label: string }) {
  const open = useInboxOpenCount();
  return (
    <p>
      {label}: {open ?? 'none'}
    </p>
  );
}

/** An API whose count answers wait until the test gives each one, in the order they were asked. */
function countServer() {
  const waiting: Array<(open: number) => void> = [];
  const fetch = vi.fn(
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        expect(String(input)).toContain('/v1.0/inbox/count');
        waiting.push((open) =>
          resolve(new Response(JSON.stringify({ open }), { headers: { 'Content-Type': 'application/json' } })),
        );
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    answer: (open: number) =>
      act(async () => {
        waiting.shift()!(open);
        // The answer's body is read and the store set over a few turns of the event loop.
        for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
      }),
  };
}

/** Signing out, as the live connection's end does: the chrome shown re-renders with no count. */
const signOut = () => act(() => forgetInboxCount());

afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
});

describe('the inbox open count in the chrome', () => {
  it('is read once for the header and the navigation that mount together', async () => {
    const server = countServer();
    const container = await render(
      <>
        <OpenCount label="header" />
        <OpenCount label="navigation" />
      </>,
    );
    expect(server.fetch).toHaveBeenCalledTimes(1);
    await server.answer(7);
    expect(container.textContent).toBe('header: 7navigation: 7');
  });

  it("shows nothing of a reading answered after sign-out; the next user's chrome reads its own", async () => {
    const server = countServer();
    const first = await render(<OpenCount label="before" />);
    await signOut();
    await server.answer(7);
    expect(first.textContent).toBe('before: none');

    const next = await render(<OpenCount label="after" />);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    await server.answer(3);
    expect(next.textContent).toBe('after: 3');
  });
});
