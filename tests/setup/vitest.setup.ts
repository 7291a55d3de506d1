import { afterEach, beforeEach } from 'vitest';
import { checkConsole, watchConsole } from './console';

// Every Vitest test, app and API: an unexpected console.error or console.warn fails it (./console.ts).
beforeEach(watchConsole);
afterEach(checkConsole);
