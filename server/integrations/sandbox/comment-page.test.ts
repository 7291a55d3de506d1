import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sandboxProviders from '../../../contract/sandbox/providers';
import { channels, comments } from '../../db/schema';
import { startHarness, type Harness } from '../../test/harness';
import { connectSandboxFacebook } from '../../test/sandbox';
import { SANDBOX_COMMENT_PAGE } from './comment-page';

/**
 * The sandbox's page for playing its made-up people (decision 044): a form posted back to it,
 * whose comments, edits and removals reach the app as Meta's webhooks, and which says what is
 * wrong by the field, keeping what was typed.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const MARCO = '100000000000002';
const BOTTEGA = '200000000000003';

/** The page's text as a reader gets it: runs of white space are one space. */
const read = async (path: string) => {
  const res = await h.call('GET', path);
  return { ...res, text: res.text.replace(/\s+/g, ' ') };
};

const post = (path: string, fields: Record<string, string>) =>
  h.call('POST', path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** The comment ids the page lists, newest first. */
const listed = (page: string) =>
  [...page.matchAll(/action="\/sandbox\/facebook\/comments\/([^/"]+)\/edit"/g)].map((m) => m[1]!);

describe('the sandbox comment page', () => {
  it('shows the form, runs nothing, and posts only to itself', async () => {
    const res = await h.call(sandboxProviders.showSandboxCommentPage);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<label for="message">Comment</label>');
    expect(res.text).toContain('Bianchi Bottega (page of Marco Bianchi)');
    expect(res.text).toContain('@espressobarmilano (Instagram of Giulia Rossi)');
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toContain('script-src');
  });

  it('comments as the person chosen, delivered to the app once the page is connected; edits and removes it', async () => {
    // Not connected yet: kept by the sandbox, not delivered.
    const first = await post(SANDBOX_COMMENT_PAGE, { channel: BOTTEGA, author: 'Priya Shah', message: 'Hello?' });
    expect(first.status).toBe(303);
    const shown = await read(first.headers.get('location')!);
    expect(shown.text).toContain('Not delivered: nobody has connected this page’s account in the app yet.');
    expect(await h.runJobs()).toBe(0);

    const { user, accessToken } = await h.signedInUser();
    expect((await connectSandboxFacebook(h, accessToken, MARCO)).status).toBe(200);
    await h.runJobs();
    const [page] = await h.db
      .select()
      .from(channels)
      .where(and(eq(channels.ownerId, user._id), eq(channels.externalId, BOTTEGA)));
    const messages = async () =>
      (await h.db.select().from(comments).where(eq(comments.channelId, page!.id)))
        // What Tom Walker says through the page (the sandbox's own comments have ids of their own).
        .filter((row) => row.authorName === 'Tom Walker' && /_s\d+$/.test(row.externalId))
        .map((row) => row.message);

    const said = await post(SANDBOX_COMMENT_PAGE, {
      channel: BOTTEGA,
      author: 'Tom Walker',
      message: '  Open <b>Sunday</b>?  ',
      twice: 'on',
    });
    expect(said.status).toBe(303);
    expect(said.headers.get('location')).toBe(
      `${SANDBOX_COMMENT_PAGE}?channel=${BOTTEGA}&done=added&delivery=delivered&status=200&author=Tom+Walker`,
    );
    const after = await read(said.headers.get('location')!);
    expect(after.text).toContain('Commented. Delivered to the app as Meta’s webhook.');
    // Escaped, never markup.
    expect(after.text).toContain('Open &lt;b&gt;Sunday&lt;/b&gt;?');
    await h.runJobs();
    expect(await messages()).toEqual(['Open <b>Sunday</b>?']);

    const [id] = listed(after.text);
    expect((await post(`${SANDBOX_COMMENT_PAGE}/${id}/edit`, { message: 'Open on Sunday at 8?' })).status).toBe(303);
    await h.runJobs();
    expect(await messages()).toEqual(['Open on Sunday at 8?']);

    const removed = await post(`${SANDBOX_COMMENT_PAGE}/${id}/remove`, { message: 'ignored' });
    expect(removed.headers.get('location')).toContain('done=removed');
    await h.runJobs();
    expect(await messages()).toEqual([]);
    expect(listed((await h.call('GET', removed.headers.get('location')!)).text)).not.toContain(id);
  });

  it('says what the app answered when it did not take the webhook', async () => {
    const shown = await read(`${SANDBOX_COMMENT_PAGE}?channel=${BOTTEGA}&done=added&delivery=refused&status=401`);
    expect(shown.text).toContain('Commented. Not taken: the app answered 401 to Meta’s webhook');
    // A made-up status is not repeated.
    const odd = await read(`${SANDBOX_COMMENT_PAGE}?channel=${BOTTEGA}&done=added&delivery=refused&status=<b>`);
    expect(odd.text).toContain('the app answered nothing');
  });

  it('says what is wrong by the field and keeps what was typed; a comment that is gone is said', async () => {
    const empty = await post(SANDBOX_COMMENT_PAGE, { channel: BOTTEGA, author: 'Kenji Sato', message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('aria-describedby="message-error"');
    expect(empty.text).toContain('<p id="message-error" class="error">Write the comment.</p>');
    expect(empty.text).toMatch(/<option value="Kenji Sato" selected>/);

    const long = 'x'.repeat(2001);
    const tooLong = await post(SANDBOX_COMMENT_PAGE, { channel: BOTTEGA, author: 'Kenji Sato', message: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain('Keep it to 2000 characters.');
    expect(tooLong.text).toContain(long);

    const control = await post(SANDBOX_COMMENT_PAGE, { channel: BOTTEGA, author: 'Kenji Sato', message: 'a\u0007b' });
    expect(control.text).toContain('Take out the control characters.');

    const unknown = await post(SANDBOX_COMMENT_PAGE, { channel: '999', author: 'Nobody', message: 'Hi' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Pick a page.');

    const notForm = await h.call('POST', SANDBOX_COMMENT_PAGE, { json: { channel: BOTTEGA, message: 'Hi' } });
    expect(notForm.status).toBe(400);

    const said = await post(SANDBOX_COMMENT_PAGE, { channel: BOTTEGA, author: 'Kenji Sato', message: 'Ciao' });
    const [id] = listed((await h.call('GET', said.headers.get('location')!)).text);
    const blankEdit = await post(`${SANDBOX_COMMENT_PAGE}/${id}/edit`, { message: '' });
    expect(blankEdit.status).toBe(400);
    expect(blankEdit.text).toContain(`id="edit-${id}-error"`);

    expect((await post(`${SANDBOX_COMMENT_PAGE}/nope/edit`, { message: 'x' })).status).toBe(404);
    const gone = await post(`${SANDBOX_COMMENT_PAGE}/nope/remove`, {});
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('That comment is not here');
  });
});
