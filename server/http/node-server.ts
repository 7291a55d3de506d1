import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * How long the API's server gives a client, on every route (docs/decisions/057). A request of the
 * API is a few hundred bytes of headers and at most 1 MiB of body (a webhook delivery; 16 KiB
 * elsewhere), so these are far past any real client's needs, and short enough that a client that
 * sends too slowly, or stops, costs its own connection for seconds rather than minutes (Node's
 * own request deadline is 300 s, and headers get 60 s).
 */
export const HTTP_TIMEOUTS = {
  /** From a request's first byte to the end of its headers: they come in one packet. */
  headersMs: 10_000,
  /**
   * From a request's first byte to the end of its body (1 MiB in 30 s is 35 KB/s). Only the
   * receiving counts: a handler's own time never does. Meta, for one, retries a delivery not
   * answered within 20 s. Past it Node answers 408 and closes the connection.
   */
  requestMs: 30_000,
  /**
   * An idle keep-alive connection, between two requests. Node closes it after 5 s by default, and
   * a client that sends on it at that moment reads ECONNRESET (seen in CI: a test's clean-up
   * request after 7 s of page work). Past the usual load balancer's 60 s, so a proxy in front is
   * the one that closes first, as it expects. It holds a socket, nothing of the API's.
   */
  keepAliveMs: 65_000,
  /**
   * How often the deadlines above are checked (Node's default is every 30 s, which would let a
   * request run up to 30 s past its deadline).
   */
  checkEveryMs: 1_000,
};

export type ServeOptions = {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  hostname?: string;
  /** HTTP_TIMEOUTS, or shorter ones for a test. */
  timeouts?: Partial<typeof HTTP_TIMEOUTS>;
};

/**
 * The API's Node HTTP server, as `server/main.ts` starts it (a test starts the same one), with
 * HTTP_TIMEOUTS for every route. The timeouts leave a websocket alone once it is upgraded.
 */
export function serveApi(options: ServeOptions, onListening?: (info: AddressInfo) => void): Server {
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const server = serve(
    {
      fetch: options.fetch,
      port: options.port,
      hostname: options.hostname,
      serverOptions: {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        connectionsCheckingInterval: timeouts.checkEveryMs,
      },
    },
    onListening,
  ) as Server;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}
