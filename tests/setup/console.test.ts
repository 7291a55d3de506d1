import { describe, expect, it, vi } from 'vitest';
import { checkConsole, expectConsoleError, watchConsole } from './console';

// The guard itself (./vitest.setup.ts runs it around every test): each case below checks
// by hand, then watches again so the real check after the test finds a clean console.
describe('the console guard', () => {
  it('fails a test that logs an error it did not expect', () => {
    vi.mocked(console.error).mockImplementationOnce(() => {});
    console.error('boom', 42);
    expect(() => checkConsole()).toThrow('Unexpected console.error(boom 42)');
    watchConsole();
  });

  it('fails a test that warns', () => {
    vi.mocked(console.warn).mockImplementationOnce(() => {});
    console.warn('careful');
    expect(() => checkConsole()).toThrow('Unexpected console.warn(careful)');
    watchConsole();
  });

  it('lets a test expect an error, and hands it the calls', () => {
    const logged = expectConsoleError();
    console.error('expected');
    expect(logged).toHaveBeenCalledWith('expected');
    expect(() => checkConsole()).not.toThrow();
    watchConsole();
  });
});
