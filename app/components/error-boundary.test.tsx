// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, OfflineError } from '~/lib/http';
import { throwRouteError } from '~/lib/route-errors';
import { renderRoutes } from '~/test/render';
import { expectConsoleError } from '../../tests/setup/console';
import { RouteErrorBoundary, type StatusMessages } from './error-boundary';

/** A route whose loader fails with `error`, shown through the boundary a route module exports. */
async function renderFailingRoute(error: () => never, statusMessages?: StatusMessages) {
  const container = await renderRoutes(
    [
      {
        path: '/things/:id',
        loader: async () => error(),
        element: <p>never shown</p>,
        hydrateFallbackElement: <p>loading</p>,
        errorElement: <RouteErrorBoundary statusMessages={statusMessages} />,
      },
      { path: '/', element: <p>home</p> },
    ],
    '/things/42',
  );
  await act(async () => {
    await vi.waitFor(() => expect(container.querySelector('h1')).not.toBeNull());
  });
  return container;
}

const request = new Request('http://app.test/things/42?tab=x');

describe('RouteErrorBoundary', () => {
  it('says which thing was not found when the route gives words for its 404', async () => {
    const container = await renderFailingRoute(
      () => throwRouteError(new HttpError(404, { message: 'Not found.' }), request),
      {
        404: () => 'No thing has the id 42.',
      },
    );
    expect(container.querySelector('h1')?.textContent).toBe('Page not found');
    expect(container.textContent).toContain('No thing has the id 42.');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('falls back to the generic not-found words', async () => {
    const container = await renderFailingRoute(() => throwRouteError(new HttpError(404, null), request));
    expect(container.textContent).toContain('The page you are looking for does not exist or has been moved.');
  });

  it('words a 403 as a refusal, and other statuses as a generic failure', async () => {
    const forbidden = await renderFailingRoute(() => throwRouteError(new HttpError(403, null), request));
    expect(forbidden.textContent).toContain('You are not allowed to see this page.');
    const failed = await renderFailingRoute(() => throwRouteError(new HttpError(500, null), request));
    expect(failed.textContent).toContain('This page could not be loaded. Please try again in a moment.');
  });

  it('reports an unexpected exception to the console and shows the generic words', async () => {
    const logged = expectConsoleError();
    const container = await renderFailingRoute(() => {
      throw new TypeError('a bug');
    });
    expect(container.textContent).toContain('This page could not be loaded. Please try again in a moment.');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'a bug' }));
  });
});

describe('the offline state', () => {
  /** A page whose first read finds no connection, and whose next reads succeed. */
  async function renderOfflinePage() {
    let reads = 0;
    const container = await renderRoutes(
      [
        {
          path: '/things',
          loader: async () => {
            reads += 1;
            if (reads === 1) throw new OfflineError();
            return null;
          },
          element: <h1>Things</h1>,
          hydrateFallbackElement: <p>loading</p>,
          errorElement: <RouteErrorBoundary />,
        },
      ],
      '/things',
    );
    await act(async () => {
      await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('You are offline'));
    });
    return { container, reads: () => reads };
  }

  // The page's read starting and ending may reach the screen as one render (they did on a busy
  // machine, and always do inside one act()): the retry must leave the error state all the same.
  it('loads the page by itself once the browser is back online', async () => {
    const { container, reads } = await renderOfflinePage();
    // The read's start and end inside one act(): React renders them as one.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(reads()).toBe(2));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await act(async () => {
      await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Things'));
    });
  });

  it('loads the page when asked', async () => {
    const { container, reads } = await renderOfflinePage();
    await act(async () => {
      container.querySelector('button')?.click();
      await vi.waitFor(() => expect(reads()).toBe(2));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await act(async () => {
      await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Things'));
    });
  });
});

describe('throwRouteError', () => {
  const thrown = (error: unknown) => {
    try {
      throwRouteError(error, request);
    } catch (caught) {
      return caught;
    }
  };

  it('sends an ended session to sign in, coming back to the same page', () => {
    const response = thrown(new HttpError(401, null, true)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?returnUrl=%2Fthings%2F42%3Ftab%3Dx');
  });

  it('sends a 503 to the maintenance page, with where the user was', () => {
    expect((thrown(new HttpError(503, null)) as Response).headers.get('Location')).toBe(
      '/maintenance?from=%2Fthings%2F42%3Ftab%3Dx',
    );
  });

  it('keeps the status of any other API failure for the boundary', () => {
    expect((thrown(new HttpError(404, { message: 'Not found.' })) as Response).status).toBe(404);
    // A refused credentials call is not an ended session.
    expect((thrown(new HttpError(401, null, false)) as Response).status).toBe(401);
  });

  it('lets anything else through as it is', () => {
    const bug = new TypeError('a bug');
    expect(thrown(bug)).toBe(bug);
  });
});
