import { beforeEach, describe, expect, it } from 'vitest';
import { drafts } from './drafts';

const empty = { message: '' };

describe('drafts', () => {
  beforeEach(() => drafts.forget());

  it('keeps what a form held as it closed, and forgets it once it holds nothing new again', () => {
    drafts.keep('reply-1', { message: 'Hello' }, empty);
    expect(drafts.read('reply-1')).toEqual({ message: 'Hello' });
    expect(drafts.read('reply-2')).toBeUndefined();
    drafts.keep('reply-1', { message: '' }, empty);
    expect(drafts.read('reply-1')).toBeUndefined();
  });

  it('forgets a draft once it is sent, and its form closing does not keep it again', () => {
    // Kept from an earlier close, given back, and sent.
    drafts.keep('reply-1', { message: 'Hello' }, empty);
    drafts.sending('reply-1');
    drafts.sent();
    expect(drafts.read('reply-1')).toBeUndefined();
    drafts.keep('reply-1', { message: 'Hello' }, empty);
    expect(drafts.read('reply-1')).toBeUndefined();
    // Only that once: the next close keeps what it holds.
    drafts.keep('reply-1', { message: 'Again' }, empty);
    expect(drafts.read('reply-1')).toEqual({ message: 'Again' });
  });

  it("keeps a draft whose sending was refused or cut short, and another form's success leaves it", () => {
    drafts.sending('reply-1');
    // Closed with the refusal shown, or the page left for sign-in while it was on its way.
    drafts.keep('reply-1', { message: 'Hello' }, empty);
    // A dialog without a draft succeeds later.
    drafts.sent();
    expect(drafts.read('reply-1')).toEqual({ message: 'Hello' });
  });

  it('forgets every draft when another user signs in, not when the same one does again', () => {
    drafts.ownedBy('a');
    drafts.keep('reply-1', { message: 'Hello' }, empty);
    drafts.ownedBy('a');
    expect(drafts.read('reply-1')).toEqual({ message: 'Hello' });
    drafts.ownedBy('b');
    expect(drafts.read('reply-1')).toBeUndefined();
  });
});
