import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The app on an origin of its own, where a test can "deploy a new build" under a running page.
 *
 * A new build reaches a running page through one file: the browser finds that `/sw.js` has
 * changed (its precache list carries the revision of every file it ships) and installs it
 * beside the worker in charge. Playwright cannot route that fetch (the browser makes it for the
 * registration, not for a page), and the build under test is shared by tests running in
 * parallel, so it must not change on disk. This forwards everything to the app's server and,
 * after `deploy()`, answers `/sw.js` with different bytes, as a new build would. Its own port
 * is its own origin: its own worker, which no other test sees.
 */
export type DeploySite = {
  /** `http://localhost:<port>`, to open pages at. */
  url: string;
  /** Puts a "new build" on the server: `/sw.js` changes from now on. */
  deploy: () => void;
  close: () => Promise<void>;
};

export async function startDeployProxy(target: string): Promise<DeploySite> {
  const upstream = new URL(target);
  let build = 0;

  const server = createServer((incoming, outgoing) => {
    const isWorker = new URL(incoming.url ?? '/', upstream).pathname === '/sw.js';
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: upstream.host };
    if (headers.origin) headers.origin = upstream.origin;
    // The worker's bytes are rewritten below: they must come whole (not a 304) and uncompressed.
    if (isWorker) {
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forwarded = request(
      { hostname: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (!isWorker || build === 0 || answer.statusCode !== 200) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([Buffer.concat(chunks), Buffer.from(`\n// build ${build}\n`)]);
          const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
          outgoing.writeHead(200, { ...rest, 'content-length': body.length });
          outgoing.end(body);
        });
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });

  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    deploy: () => {
      build += 1;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
