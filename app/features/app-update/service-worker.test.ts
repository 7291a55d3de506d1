import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISABLED_MESSAGE, SERVICE_WORKER_URL, startServiceWorker, type VersionReady } from './service-worker';

/** A worker in the states the browser moves it through. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());
  /** A new worker script was found: it installs, then waits. */
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
  }
}

function fakeContainer({ controller }: { controller: FakeWorker | null }) {
  const registration = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller,
    register: vi.fn(() => Promise.resolve(registration)),
  });
  return { container, registration, asContainer: container as unknown as ServiceWorkerContainer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('startServiceWorker', () => {
  it('only logs where service workers are unsupported or not enabled', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { container, asContainer } = fakeContainer({ controller: null });

    startServiceWorker({ enabled: true, onVersionReady: vi.fn(), container: undefined });
    startServiceWorker({ enabled: false, onVersionReady: vi.fn(), container: asContainer });

    expect(log.mock.calls).toEqual([[DISABLED_MESSAGE], [DISABLED_MESSAGE]]);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('only logs when the browser refuses the registration', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { container, asContainer } = fakeContainer({ controller: null });
    container.register.mockImplementation(() => Promise.reject(new DOMException('blocked', 'SecurityError')));

    startServiceWorker({ enabled: true, onVersionReady: vi.fn(), container: asContainer });
    await settle();

    expect(log.mock.calls).toEqual([[DISABLED_MESSAGE]]);
  });

  it('registers the generated worker for the whole app', async () => {
    const { container, asContainer } = fakeContainer({ controller: null });
    startServiceWorker({ enabled: true, onVersionReady: vi.fn(), container: asContainer });
    await settle();
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('offers nothing for the first worker, which has no page to update', async () => {
    const { registration, asContainer } = fakeContainer({ controller: null });
    const onVersionReady = vi.fn();
    startServiceWorker({ enabled: true, onVersionReady, container: asContainer });
    await settle();

    const first = new FakeWorker();
    registration.find(first);
    registration.installed(first);
    expect(onVersionReady).not.toHaveBeenCalled();
  });

  it('offers a new version once it is installed and waiting, not before', async () => {
    const { registration, asContainer } = fakeContainer({ controller: new FakeWorker() });
    const onVersionReady = vi.fn();
    startServiceWorker({ enabled: true, onVersionReady, container: asContainer });
    await settle();

    const next = new FakeWorker();
    registration.find(next);
    expect(onVersionReady).not.toHaveBeenCalled();
    registration.installed(next);
    expect(onVersionReady).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting when the page loaded', async () => {
    const { registration, asContainer } = fakeContainer({ controller: new FakeWorker() });
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
    const onVersionReady = vi.fn();
    startServiceWorker({ enabled: true, onVersionReady, container: asContainer });
    await settle();
    expect(onVersionReady).toHaveBeenCalledTimes(1);
  });

  it('activating tells the waiting worker to take over, and reloads once it has', async () => {
    const { container, registration, asContainer } = fakeContainer({ controller: new FakeWorker() });
    const reload = vi.fn();
    let version: VersionReady | undefined;
    startServiceWorker({ enabled: true, onVersionReady: (ready) => (version = ready), container: asContainer, reload });
    await settle();
    const next = new FakeWorker();
    registration.find(next);
    registration.installed(next);

    version!.activate();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();

    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version every hour, and forgets a failed look', async () => {
    vi.useFakeTimers();
    try {
      const { registration, asContainer } = fakeContainer({ controller: new FakeWorker() });
      registration.update.mockImplementation(() => Promise.reject(new TypeError('offline')));
      const stop = startServiceWorker({ enabled: true, onVersionReady: vi.fn(), container: asContainer });
      await vi.advanceTimersByTimeAsync(0);

      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(registration.update).toHaveBeenCalledTimes(1);
      stop();
      await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
      expect(registration.update).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
