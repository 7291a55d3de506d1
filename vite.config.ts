import { vitePlugin as remix, type Preset } from '@remix-run/dev';
import { RemixVitePWA } from '@vite-pwa/remix';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type PluginOption } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';
import tsconfigPaths from 'vite-tsconfig-paths';
import { pwaOptions, retireWorkerInDev } from './pwa.config';
import { chunkModules, firstLoadChunks } from './scripts/chunk-modules';
import { conformOnZodMini } from './scripts/conform-on-zod-mini';
import { stripContractDocs } from './scripts/strip-contract-docs';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// In development the API runs beside Vite (see `npm run dev`); Vite forwards its paths to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

// The service worker and the manifest (pwa.config.ts): generated once Remix has pre-rendered
// index.html, so the worker precaches the page the server sends.
const { RemixVitePWAPlugin, RemixPWAPreset } = RemixVitePWA();
// Its types were written against Vite 5's config; the hooks it uses are the same under Vite 6.
const pwaPreset = RemixPWAPreset() as unknown as Preset;

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // Fonts stay files: the CSP allows fonts from 'self' only, and a small subset inlined as a
    // data: URL would be refused (and would bloat the CSS that every page waits for).
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rollupOptions: {
      output: { manualChunks: firstLoadChunks },
      // Rollup drops a `@__PURE__` comment it cannot place (zod's sources have two) and says so
      // on every build: nothing a reader of this repository can act on, so it is not printed.
      // Every other warning is.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
    // Computing every chunk's gzip size takes the build a few seconds; scripts/compress-assets.ts
    // prints the compressed totals the server actually sends.
    reportCompressedSize: false,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/v1.0': apiTarget,
      '/dev': apiTarget,
      '/broadcasting': apiTarget,
      // The generated API reference (outside production).
      '/docs': apiTarget,
      // The sandbox providers' pages (outside a deployment; decision 025).
      '/sandbox': apiTarget,
      // Pusher's HTTP events API of the embedded real-time server.
      '/apps': apiTarget,
      // The Pusher-protocol socket lives at /app/{key}; source modules under /app/ (they have
      // a file extension) stay with Vite.
      '^/app/[^/.]+(?:\\?.*)?$': { target: apiTarget, ws: true },
    },
  },
  plugins: [
    tailwindcss(),
    remix({
      ssr: false,
      // A second build beside the usual one (a parallel e2e run serves it with STATIC_DIR).
      buildDirectory: process.env.BUILD_DIR ?? 'build',
      presets: [pwaPreset],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    conformOnZodMini(),
    stripContractDocs(),
    RemixVitePWAPlugin(pwaOptions),
    retireWorkerInDev(),
    chunkModules(),
    // ANALYZE=1 npm run build: where the browser's bytes go (npm run bench -- --bundle prints it).
    process.env.ANALYZE && !isSsrBuild
      ? (visualizer({ filename: '.builds/bundle-stats.json', template: 'raw-data', gzipSize: true }) as PluginOption)
      : null,
  ],
}));
