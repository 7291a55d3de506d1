import { vi, type MockInstance } from 'vitest';

/**
 * A console.error or console.warn during a Vitest test fails it, in the app's tests and the
 * API's (./vitest.setup.ts runs the guard around every test): both log those only for bugs and
 * misconfiguration. A test that provokes one on purpose says so with `expectConsoleError()`.
 */
type Level = 'error' | 'warn';

let spies: Record<Level, MockInstance<(...args: unknown[]) => void>> | undefined;
const expected = new Set<Level>();

export function watchConsole(): void {
  expected.clear();
  spies = { error: vi.spyOn(console, 'error'), warn: vi.spyOn(console, 'warn') };
}

/** Throws (failing the test) when a level was written to without being expected. */
export function checkConsole(): void {
  if (!spies) return;
  const current = spies;
  spies = undefined;
  const unexpected = (['error', 'warn'] as const).filter(
    (level) => !expected.has(level) && current[level].mock.calls.length > 0,
  );
  const calls = unexpected.map((level) => `console.${level}(${current[level].mock.calls[0].map(String).join(' ')})`);
  current.error.mockRestore();
  current.warn.mockRestore();
  if (calls.length > 0) throw new Error(`Unexpected ${calls.join(', ')}`);
}

function expectLevel(level: Level): MockInstance<(...args: unknown[]) => void> {
  if (!spies) throw new Error('The console is watched only inside a test (tests/setup/vitest.setup.ts).');
  expected.add(level);
  return spies[level].mockImplementation(() => {});
}

/** This test means to make the server log an error: it is silenced, and the spy handed back to assert on. */
export const expectConsoleError = () => expectLevel('error');
export const expectConsoleWarn = () => expectLevel('warn');
