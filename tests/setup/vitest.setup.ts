import { afterEach, beforeEach } from 'vitest';
import { runAfterEachTest } from './after-each-test';
import { checkConsole, watchConsole } from './console';

// Every Vitest test, app and API: an unexpected console.error or console.warn fails it (./console.ts).
beforeEach(watchConsole);
afterEach(checkConsole);
// What the helpers a test used left behind (./after-each-test.ts).
afterEach(runAfterEachTest);
