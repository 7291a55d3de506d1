/**
 * Work to do after every Vitest test, registered by the helpers that leave something behind (the
 * app's render mounts React roots: app/test/render.tsx). ./vitest.setup.ts runs it for each test
 * file; a helper that called `afterEach` itself when it is imported would do so for the first file
 * of a worker only, where files share their modules (the `app` project: vitest.config.ts).
 */
const tasks = new Set<() => Promise<void> | void>();

/** Runs `task` after every test from now on (the same task again is one task). */
export function afterEachTest(task: () => Promise<void> | void): void {
  tasks.add(task);
}

export async function runAfterEachTest(): Promise<void> {
  for (const task of tasks) await task();
}
