import { letRequestsIn } from '../event-loop';

/**
 * Work that runs after the answer has gone: what must not change how long a request takes
 * (a forgot-password request answers in the same time whether or not the address has an
 * account, and the reset mail is written and sent afterwards). A failed task is reported to
 * `onError`, never thrown. Tests wait for `idle()` before they look at the results.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Starts `task` once the current request's answer is on its way. */
  defer(task: () => Promise<void>, onError: (error: unknown) => void = this.onError): void {
    const run: Promise<void> = letRequestsIn()
      .then(task)
      .catch((error: unknown) => {
        try {
          onError(error);
        } catch {
          // A failing error reporter must not turn into an unhandled rejection.
        }
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves once no task is running, including tasks the finished ones started. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
