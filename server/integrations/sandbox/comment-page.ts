import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { ReplyBodySchema, REPLY_MAX } from '../../../contract/comments';
import * as sandboxProviders from '../../../contract/sandbox/providers';
import { SANDBOX_COMMENT_PAGE, SANDBOX_DELIVERY_OUTCOMES } from '../../../contract/sandbox/providers';
import { readForm } from '../../http/form-body';
import { html, type SafeHtml } from '../../mail/html';
import { sandboxPage, sandboxPagePolicy } from '../../mautic/sandbox-pages';
import { SANDBOX_COMMENTERS, type SandboxComment } from './comments';
import { sandboxCommentedChannels, type FacebookSandbox, type SandboxDelivery } from './facebook';

/** Where the page is: beside the sandbox Facebook's dialog, outside its Graph versions. */
export { SANDBOX_COMMENT_PAGE };

type Outcome = 'added' | 'edited' | 'removed';
/** What was done, and what became of its webhook: what the page says after a change. */
type Done = { outcome: Outcome; delivery: SandboxDelivery };

type Form = {
  channel: string;
  author: string;
  message: string;
  twice: boolean;
  /** What is wrong with the comment's text, said by the field. */
  problem?: string;
  /** The comment whose new text is wrong (the edit forms), and what was typed. */
  editing?: { commentId: string; message: string; problem: string };
};

const messageSchema = ReplyBodySchema.shape.message;

/** What is wrong with a comment's text, in the words the field shows; undefined when nothing. */
function problemOf(message: string): string | undefined {
  const parsed = z.safeParse(messageSchema, message);
  if (parsed.success) return undefined;
  const code = parsed.error.issues[0]?.message ?? '';
  if (code === 'required') return 'Write the comment.';
  if (code.startsWith('max:')) return `Keep it to ${REPLY_MAX} characters.`;
  return 'Take out the control characters.';
}

/**
 * A page where someone plays the sandbox's made-up people (decision 044): pick a page or an
 * Instagram account, who comments and what, then edit or remove it. Each change goes through the
 * sandbox's comment controls, so it reaches the app as Meta's webhook does when the page's account
 * is connected there. A form posted back to this page; nothing runs in the browser.
 */
export function sandboxCommentPage(facebook: FacebookSandbox) {
  const routes = new Hono();
  const channels = sandboxCommentedChannels();
  const channelOf = (id: string | undefined) => channels.find((each) => each.id === id);

  const show = (c: Context, form: Form, done?: Done, status: 200 | 400 = 200) => {
    const channel = channelOf(form.channel) ?? channels[0]!;
    const said = [...facebook.comments.saidOn(channel.id)].reverse();
    return c.html(sandboxPage('Comment', page(channel, form, said, done), 'Facebook'), status, {
      'Content-Security-Policy': sandboxPagePolicy([], { postsToItself: true }),
    });
  };

  /** What the page says became of a change's webhook. */
  const deliveryWords = (delivery: SandboxDelivery): string => {
    switch (delivery.outcome) {
      case 'delivered':
        return 'Delivered to the app as Meta’s webhook.';
      case 'refused':
        return `Not taken: the app answered ${delivery.status ?? 'nothing'} to Meta’s webhook; its scheduled sync reads the comment later.`;
      case 'noWebhook':
        return 'Instagram sends no webhook for this: the app’s scheduled sync reads it.';
      case 'heldBack':
        return 'Its webhook is held back until the next change of this comment.';
      case 'notSubscribed':
        return 'Not delivered: nobody has connected this page’s account in the app yet.';
    }
  };

  const page = (
    channel: (typeof channels)[number],
    form: Form,
    said: SandboxComment[],
    done: Done | undefined,
  ): SafeHtml => {
    const told = {
      added: 'Commented.',
      edited: 'Edited.',
      removed: 'Removed.',
    };
    const status = done
      ? html`<p role="status" class="status">${told[done.outcome]} ${deliveryWords(done.delivery)}</p>`
      : html``;
    const option = (value: string, label: string, selected: boolean) =>
      html`<option value="${value}" ${selected ? html`selected` : html``}>${label}</option>`;
    const error = (id: string, problem: string | undefined) =>
      problem ? html`<p id="${id}" class="error">${problem}</p>` : html``;
    const invalid = (id: string, problem: string | undefined) =>
      problem ? html`aria-invalid="true" aria-describedby="${id}"` : html``;
    const items = said.map((comment) => {
      const editing = form.editing?.commentId === comment.id ? form.editing : undefined;
      const field = `edit-${comment.id}`;
      return html`<li>
        <p>
          <strong>${comment.from.name}</strong>${
            facebook.comments.isHidden(comment.id) ? html` <em>(hidden by the page)</em>` : html``
          }<br />${comment.message}
        </p>
        <form method="post" action="${SANDBOX_COMMENT_PAGE}/${comment.id}/edit" class="inline">
          <div class="field">
            <label for="${field}">New text of ${comment.from.name}’s comment</label>
            <textarea
              id="${field}"
              name="message"
              rows="2"
              maxlength="${REPLY_MAX}"
              ${invalid(`${field}-error`, editing?.problem)}
            >
${editing?.message ?? comment.message}</textarea>
            ${error(`${field}-error`, editing?.problem)}
          </div>
          <div class="actions">
            <button type="submit" class="deny">Edit</button>
            <button type="submit" formaction="${SANDBOX_COMMENT_PAGE}/${comment.id}/remove" class="deny">Remove</button>
          </div>
        </form>
      </li>`;
    });
    return html`<h1>Comment as someone on Facebook</h1>
      <p class="note">
        The local Facebook sandbox: its people and pages are made up. A comment here reaches the app as Meta’s webhook
        does, for a page whose account someone connected there.
      </p>
      ${status}
      <form method="post" action="${SANDBOX_COMMENT_PAGE}">
        <div class="field">
          <label for="channel">Page or Instagram account</label>
          <select id="channel" name="channel">
            ${channels.map((each) =>
              option(
                each.id,
                `${each.name} (${each.kind === 'page' ? 'page' : 'Instagram'} of ${each.owner})`,
                each.id === channel.id,
              ),
            )}
          </select>
        </div>
        <div class="field">
          <label for="author">Who comments</label>
          <select id="author" name="author">
            ${SANDBOX_COMMENTERS.map((name) => option(name, name, name === form.author))}
          </select>
        </div>
        <div class="field">
          <label for="message">Comment</label>
          <textarea
            id="message"
            name="message"
            rows="3"
            maxlength="${REPLY_MAX}"
            ${invalid('message-error', form.problem)}
          >
${form.message}</textarea>
          ${error('message-error', form.problem)}
        </div>
        <label class="check"
          ><input type="checkbox" name="twice" ${form.twice ? html`checked` : html``} /> Deliver it twice, as Meta
          sometimes does</label
        >
        <div class="actions"><button type="submit" class="allow">Comment</button></div>
      </form>
      <h2>Said on ${channel.name}</h2>
      ${
        items.length > 0
          ? html`<ul class="said">
              ${items}
            </ul>`
          : html`<p class="note">Nobody has said anything there through this page yet.</p>`
      }`;
  };

  const gone = (c: Context) =>
    c.html(
      sandboxPage(
        'Comment',
        html`<h1>That comment is not here</h1>
          <p>It was removed, or the sandbox started again since (it keeps its people's comments in memory).</p>
          <p><a href="${SANDBOX_COMMENT_PAGE}">Back to commenting</a></p>`,
        'Facebook',
      ),
      404,
      { 'Content-Security-Policy': sandboxPagePolicy() },
    );
  /** Back to the page, saying what was done and what became of its webhook, with the page and the person still chosen. */
  const back = (c: Context, channelId: string, outcome: Outcome, delivery: SandboxDelivery, author?: string) =>
    c.redirect(
      `${SANDBOX_COMMENT_PAGE}?${new URLSearchParams({
        channel: channelId,
        done: outcome,
        delivery: delivery.outcome,
        ...(delivery.status !== null && { status: String(delivery.status) }),
        ...(author && { author }),
      })}`,
      303,
    );
  const blank = (channelId: string, author = SANDBOX_COMMENTERS[0]!): Form => ({
    channel: channelId,
    author: SANDBOX_COMMENTERS.includes(author) ? author : SANDBOX_COMMENTERS[0]!,
    message: '',
    twice: false,
  });

  routes.get(sandboxProviders.showSandboxCommentPage.path, (c) => {
    const channel = channelOf(c.req.query('channel')) ?? channels[0]!;
    const done = c.req.query('done');
    const outcome = done === 'added' || done === 'edited' || done === 'removed' ? done : undefined;
    const delivered = SANDBOX_DELIVERY_OUTCOMES.find((each) => each === c.req.query('delivery'));
    const status = Number(c.req.query('status'));
    const told: Done | undefined =
      outcome && delivered
        ? {
            outcome,
            delivery: {
              outcome: delivered,
              status: Number.isInteger(status) && status > 0 && status < 600 ? status : null,
            },
          }
        : undefined;
    return show(c, blank(channel.id, c.req.query('author')), told);
  });

  routes.post(sandboxProviders.commentOnSandboxCommentPage.path, async (c) => {
    const fields = (await readForm(c)) ?? {};
    const channel = channelOf(fields.channel) ?? channels[0]!;
    const author = SANDBOX_COMMENTERS.includes(fields.author ?? '') ? fields.author! : SANDBOX_COMMENTERS[0]!;
    const form: Form = { channel: channel.id, author, message: fields.message ?? '', twice: fields.twice === 'on' };
    const problem = problemOf(form.message);
    if (problem || !channelOf(fields.channel))
      return show(c, { ...form, problem: problem ?? 'Pick a page.' }, undefined, 400);
    const said = await facebook.comments.add({
      channelId: channel.id,
      authorName: author,
      message: form.message.trim(),
      twice: form.twice,
    });
    if (!said) return show(c, { ...form, problem: 'Pick a page.' }, undefined, 400);
    return back(c, channel.id, 'added', said.delivery, author);
  });

  routes.post(sandboxProviders.editOnSandboxCommentPage.path, async (c) => {
    const found = facebook.comments.find(c.req.param('commentId') ?? '');
    if (!found) return gone(c);
    const message = (await readForm(c))?.message ?? '';
    const problem = problemOf(message);
    if (problem) {
      return show(
        c,
        { ...blank(found.channelId), editing: { commentId: found.comment.id, message, problem } },
        undefined,
        400,
      );
    }
    const edited = await facebook.comments.edit({ commentId: found.comment.id, message: message.trim() });
    if (!edited) return gone(c);
    return back(c, found.channelId, 'edited', edited.delivery);
  });

  routes.post(sandboxProviders.removeOnSandboxCommentPage.path, async (c) => {
    const found = facebook.comments.find(c.req.param('commentId') ?? '');
    if (!found) return gone(c);
    const removed = await facebook.comments.remove({ commentId: found.comment.id });
    if (!removed) return gone(c);
    return back(c, found.channelId, 'removed', removed.delivery);
  });

  return routes;
}
