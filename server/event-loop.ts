/**
 * Resolves after one turn of the event loop, so requests and timers waiting for the API's thread
 * run before the caller goes on. Work split into parts frees the thread only with this between
 * them: on PGlite a statement runs on this thread and answers with a promise already settled, so
 * a loop of awaited statements never leaves the microtask queue, and its parts hold every request
 * as one statement would (docs/decisions/081).
 */
export const letRequestsIn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
