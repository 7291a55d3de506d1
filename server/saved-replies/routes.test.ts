import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as savedReplies from '../../contract/saved-replies';
import { MAX_SAVED_REPLIES } from '../../contract/saved-replies';
import { savedReplies as savedRepliesTable } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const body = (title: string, message = 'Hi {firstName}, thank you for writing to {pageName}!') => ({ title, message });

describe('saved replies', () => {
  it('are made, listed by title, changed and deleted by their owner', async () => {
    const { accessToken: token } = await h.signedInUser();
    const made = await h.call(savedReplies.createSavedReply, { body: body('Thanks'), token });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: 'Thanks',
      message: 'Hi {firstName}, thank you for writing to {pageName}!',
    });
    await h.call(savedReplies.createSavedReply, { body: body('apology', 'We are sorry.'), token });
    await h.call(savedReplies.createSavedReply, { body: body('  Opening hours  ', 'Open 7 to 19.'), token });

    const listed = await h.call(savedReplies.listSavedReplies, { token });
    expect(listed.status).toBe(200);
    // By title whatever the letter case; titles trimmed.
    expect(listed.body.data.map((each) => each.title)).toEqual(['apology', 'Opening hours', 'Thanks']);

    const changed = await h.call(savedReplies.updateSavedReply, {
      params: { id: made.body.id },
      body: body('Thank you', 'Thanks, {firstName}!\nSee you soon.'),
      token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: made.body.id,
      title: 'Thank you',
      message: 'Thanks, {firstName}!\nSee you soon.',
    });

    expect((await h.call(savedReplies.deleteSavedReply, { params: { id: made.body.id }, token })).status).toBe(204);
    const after = await h.call(savedReplies.listSavedReplies, { token });
    expect(after.body.data.map((each) => each.title)).toEqual(['apology', 'Opening hours']);
    expect((await h.call(savedReplies.deleteSavedReply, { params: { id: made.body.id }, token })).status).toBe(404);
  });

  it("never shows or changes another user's", async () => {
    const owner = await h.signedInUser();
    const other = await h.signedInUser();
    const mine = await h.call(savedReplies.createSavedReply, { body: body('Mine'), token: owner.accessToken });
    const params = { id: mine.body.id };
    expect((await h.call(savedReplies.listSavedReplies, { token: other.accessToken })).body.data).toEqual([]);
    const update = await h.call(savedReplies.updateSavedReply, {
      params,
      body: body('Theirs'),
      token: other.accessToken,
    });
    expect(update.status).toBe(404);
    expect((await h.call(savedReplies.deleteSavedReply, { params, token: other.accessToken })).status).toBe(404);
    // Another user may use the same title.
    expect((await h.call(savedReplies.createSavedReply, { body: body('Mine'), token: other.accessToken })).status).toBe(
      201,
    );
    const still = await h.call(savedReplies.listSavedReplies, { token: owner.accessToken });
    expect(still.body.data).toEqual([mine.body]);
    for (const call of [
      h.call(savedReplies.listSavedReplies, {}),
      h.call(savedReplies.createSavedReply, { body: body('x') }),
      h.call(savedReplies.deleteSavedReply, { params }),
    ]) {
      expect((await call).status).toBe(401);
    }
  });

  it('refuse a title in use (letter case aside), by field', async () => {
    const { accessToken: token } = await h.signedInUser();
    await h.call(savedReplies.createSavedReply, { body: body('Spam'), token });
    const again = await h.call(savedReplies.createSavedReply, { body: body('SPAM'), token });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ title: ['The title has already been taken.'] });
    const other = await h.call(savedReplies.createSavedReply, { body: body('Other'), token });
    const renamed = await h.call(savedReplies.updateSavedReply, {
      params: { id: other.body.id },
      body: body('spam'),
      token,
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ title: ['The title has already been taken.'] });
    // Its own title, in another case, is its own.
    const same = await h.call(savedReplies.updateSavedReply, {
      params: { id: other.body.id },
      body: body('OTHER'),
      token,
    });
    expect(same.status).toBe(200);
  });

  it('refuse empty, overlong, hostile and unknown-variable input by field, in the caller’s language', async () => {
    const { accessToken: token } = await h.signedInUser();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { title: ['The title field is required.'], message: ['The message field is required.'] }],
      [
        { title: '   ', message: ' ' },
        { title: ['The title field is required.'], message: ['The message field is required.'] },
      ],
      [
        { title: 'x'.repeat(81), message: 'y'.repeat(2001) },
        {
          title: ['The title field must not be greater than 80 characters.'],
          message: ['The message field must not be greater than 2000 characters.'],
        },
      ],
      [
        { title: 'a\u0000b', message: 'Hi {firstname}' },
        {
          title: ['The title field must not contain control characters.'],
          message: ['The message field may name only the variables {firstName} and {pageName}, between braces.'],
        },
      ],
      [
        { title: 42, message: ['x'] },
        { title: ['The title field must be a string.'], message: ['The message field is required.'] },
      ],
    ];
    for (const [sent, errors] of cases) {
      const res = await h.call('POST', '/v1.0/saved-replies', { json: sent, token });
      expect(res.status, JSON.stringify(sent)).toBe(422);
      expect(res.body.errors, JSON.stringify(sent)).toEqual(errors);
    }
    const italian = await h.call('POST', '/v1.0/saved-replies', {
      json: { title: 'Ciao', message: 'Ciao {nome}' },
      token,
      headers: { 'accept-language': 'it' },
    });
    expect(italian.body.errors).toEqual({
      message: ['Il campo messaggio può nominare solo le variabili {firstName} e {pageName}, tra parentesi graffe.'],
    });
    // Markup is kept as text; the app never renders it as HTML.
    const markup = await h.call(savedReplies.createSavedReply, {
      body: { title: '<b>bold</b>', message: '<script>alert(1)</script> {pageName}' },
      token,
    });
    expect(markup.status).toBe(201);
    expect(markup.body.message).toBe('<script>alert(1)</script> {pageName}');
    const badId = await h.call('PATCH', '/v1.0/saved-replies/not-an-id', { json: body('x'), token });
    expect(badId.status).toBe(404);
  });

  it(`keep at most ${MAX_SAVED_REPLIES} a user, even asked in parallel`, async () => {
    const session = await h.signedInUser();
    const token = session.accessToken;
    await h.db.insert(savedRepliesTable).values(
      Array.from({ length: MAX_SAVED_REPLIES - 2 }, (_, i) => ({
        ownerId: session.user._id,
        title: `Reply ${i}`,
        message: 'Thanks!',
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => h.call(savedReplies.createSavedReply, { body: body(randomUUID()), token })),
    );
    expect(answers.map((each) => each.status).sort()).toEqual([201, 201, 409, 409]);
    expect(answers.find((each) => each.status === 409)!.body.message).toBe(
      `You keep at most ${MAX_SAVED_REPLIES} saved replies: delete one you no longer use to save another.`,
    );
    expect((await h.call(savedReplies.listSavedReplies, { token })).body.data).toHaveLength(MAX_SAVED_REPLIES);
  });
});
