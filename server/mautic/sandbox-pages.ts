import { createHash } from 'node:crypto';
import { html, SafeHtml } from '../mail/html';

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2937; --muted: #4b5563; --line: #d1d5db; --bg: #f9fafb; --card: #fff; --accent: #2d4d7b; }
@media (prefers-color-scheme: dark) { :root { --fg: #f3f4f6; --muted: #cbd5e1; --line: #4b5563; --bg: #111827; --card: #1f2937; --accent: #93b4e6; } }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: var(--bg); color: var(--fg); }
main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; background: var(--card); border: 1px solid var(--line); border-radius: 0.75rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
p { margin: 0.5rem 0; }
.note { color: var(--muted); font-size: 0.875rem; }
code { overflow-wrap: anywhere; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; font-weight: 600; padding: 0.5rem 1.25rem; border-radius: 0.375rem; border: 1px solid var(--accent); cursor: pointer; }
button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.allow { background: var(--accent); color: var(--card); }
.deny { background: transparent; color: var(--fg); }
fieldset { border: 1px solid var(--line); border-radius: 0.5rem; margin: 1rem 0 0; padding: 0.5rem 1rem 0.75rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
label { display: flex; gap: 0.5rem; align-items: baseline; margin-top: 0.5rem; }
ul { margin: 0.5rem 0; padding-left: 1.25rem; }
.actions.wrap { flex-wrap: wrap; }
h2 { font-size: 1.05rem; margin: 1.75rem 0 0.25rem; }
a { color: var(--accent); }
.field { display: grid; gap: 0.25rem; margin-top: 0.75rem; }
.field label { display: block; margin: 0; font-weight: 600; }
select, textarea, input[type="text"] { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line); border-radius: 0.375rem; padding: 0.5rem; width: 100%; box-sizing: border-box; }
select:focus-visible, textarea:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
.check { margin-top: 0.75rem; }
.error { color: #b91c1c; font-size: 0.875rem; margin: 0; }
.status { border-left: 4px solid var(--accent); padding: 0.25rem 0.75rem; }
.said { list-style: none; padding: 0; }
.said li { border-top: 1px solid var(--line); padding: 0.75rem 0; overflow-wrap: anywhere; }
.said .actions { margin-top: 0.5rem; }
.said button { padding: 0.25rem 0.875rem; }
@media (prefers-color-scheme: dark) { .error { color: #fca5a5; } }
@media (max-width: 30rem) { main { margin: 1rem; padding: 1.25rem; } }
`;

// Built apart from the page's template, so its text is exactly what the hash below covers.
const STYLE_ELEMENT = new SafeHtml(`<style>${STYLE}</style>`);

/**
 * Only the page's own style block, by hash: the page runs nothing. Its form posts to this
 * server, which answers with a redirect to the app: `form-action` names both (a browser holds
 * the redirect after a form's post to it too); a page whose forms only post back to it says so.
 */
export function sandboxPagePolicy(formTargets: string[] = [], { postsToItself = false } = {}): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`,
    "base-uri 'none'",
    formTargets.length > 0 || postsToItself
      ? `form-action ${["'self'", ...formTargets].join(' ')}`
      : "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A sandbox's page: `product` names what it stands in for (`Mautic`, `Facebook`…). */
export function sandboxPage(title: string, body: SafeHtml, product = 'Mautic'): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · ${product} sandbox</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.toString();
}

/** What Mautic shows a signed-in user asked to let a client use its API: Allow or Deny. */
export function consentPage(fields: { clientId: string; redirectUri: string; state: string | undefined }): string {
  const state =
    fields.state === undefined ? html`` : html`<input type="hidden" name="state" value="${fields.state}" />`;
  return sandboxPage(
    'Authorize',
    html`<h1>Authorize ${fields.clientId}</h1>
      <p>The application <strong>${fields.clientId}</strong> asks to use this Mautic's API on your behalf.</p>
      <p class="note">
        This is the local sandbox standing in for Mautic; it signs nobody in and exists outside a deployment only.
        Allowing sends you back to <code>${fields.redirectUri}</code>.
      </p>
      <form method="post">
        <input type="hidden" name="client_id" value="${fields.clientId}" />
        <input type="hidden" name="redirect_uri" value="${fields.redirectUri}" />
        ${state}
        <div class="actions">
          <button type="submit" name="decision" value="allow" class="allow">Allow</button>
          <button type="submit" name="decision" value="deny" class="deny">Deny</button>
        </div>
      </form>`,
  );
}

/** A request Mautic does not send back to its redirect URI: the client or the URI is not one it knows. */
export function errorPage(problem: string): string {
  return sandboxPage(
    'Error',
    html`<h1>This authorization request cannot go on</h1>
      <p>${problem}</p>
      <p class="note">The local Mautic sandbox.</p>`,
  );
}
