/**
 * After `remix vite:build`: records the hashes of the inline scripts of the pre-rendered
 * index.html, and the origins the app talks to, in build/client/csp.json. The server builds the
 * app's Content-Security-Policy from it (server/http/security-headers.ts); another host of the
 * static build can too.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { inlineScriptHashes, type CspManifest } from '../server/http/security-headers';

const dir = process.argv[2] ?? 'build/client';
const html = await readFile(`${dir}/index.html`, 'utf8');
// A separate API origin (VITE_API_URL) must be reachable from the page.
const apiUrl = process.env.VITE_API_URL;
// The customer-chat widget, when configured, loads its script from its own origin.
const chatWidgetUrl = process.env.VITE_CHAT_WIDGET_URL;
const manifest: CspManifest = {
  scriptHashes: inlineScriptHashes(html),
  connectSrc: apiUrl ? [new URL(apiUrl).origin] : [],
  widgetOrigins: chatWidgetUrl ? [new URL(chatWidgetUrl).origin] : [],
};
await writeFile(`${dir}/csp.json`, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`csp: ${manifest.scriptHashes.length} inline script hashes written to ${dir}/csp.json`);
