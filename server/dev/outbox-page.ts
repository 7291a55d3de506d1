import { createHash } from 'node:crypto';
import { html, SafeHtml } from '../mail/html';
import { LINK, type SentMail } from '../mail/mailer';

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2937; --muted: #4b5563; --line: #d1d5db; --bg: #ffffff; --link: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --fg: #f3f4f6; --muted: #cbd5e1; --line: #4b5563; --bg: #111827; --link: #93c5fd; } }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 56rem; padding: 1rem; color: var(--fg); background: var(--bg); }
article { border: 1px solid var(--line); border-radius: 0.5rem; margin: 1rem 0; padding: 0 1rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; }
.meta { color: var(--muted); font-size: 0.875rem; }
a { color: var(--link); }
`;

// Built apart from the page's template, so its text is exactly what the hash below covers.
const STYLE_ELEMENT = new SafeHtml(`<style>${STYLE}</style>`);

/**
 * Only the page's own style block, by hash: the page loads nothing, runs nothing, and no mail
 * content can bring markup of its own (everything in it is escaped).
 */
export const OUTBOX_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The mail's text with every http(s) address made a link (and everything else escaped). */
function textWithLinks(text: string): SafeHtml[] {
  const parts = text.split(new RegExp(`(${LINK.source})`));
  return parts.map((part, index) => (index % 2 === 1 ? html`<a href="${part}">${part}</a>` : html`${part}`));
}

function mailArticle(mail: SentMail): SafeHtml {
  return html`<article>
    <h2>${mail.subject}</h2>
    <p class="meta">To <a href="?to=${encodeURIComponent(mail.to)}">${mail.to}</a> · ${mail.sentAt}</p>
    <pre>${textWithLinks(mail.text)}</pre>
  </article>`;
}

/**
 * The local outbox (GET /dev/outbox): every mail the server sent, newest first, for a person
 * following a reset link with no mail server. In memory: a restart empties it. It follows the
 * device's light or dark scheme (it runs no script, so it cannot read the app's own choice).
 */
export function outboxPage(mails: SentMail[], to: string | undefined): string {
  const filter = to ? html`<p>Mail to ${to} only. <a href="/dev/outbox">Show all mail</a></p>` : html``;
  const list =
    mails.length > 0
      ? mails.map(mailArticle)
      : [
          html`<p>
            No mail yet. Ask for a password reset (<a href="/forgot-password">/forgot-password</a>) and reload.
          </p>`,
        ];
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Outbox</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        <main>
          <h1>Outbox</h1>
          <p>
            The mail this server sent, newest first. It is kept in memory, so a restart empties it; the same mail as
            JSON is at <a href="/dev/mail">/dev/mail</a>.
          </p>
          ${filter} ${list}
        </main>
      </body>
    </html> `.toString();
}
