import { describe, expect, it } from 'vitest';
import * as notifications from '~contract/notifications';
import {
  DEFAULT_INBOX_FILTER,
  inboxFilterChanged,
  inboxFilterFromQuery,
  inboxFilterToApi,
  inboxFilterToParams,
} from './inbox-filter';

const PROJECT = '0190a5c4-1111-7000-8000-000000000001';
const COMMENT = '0190a5c4-2222-7000-8000-000000000002';

/** What the inbox page reads from the address `path` (`/inbox?…`). */
const filterOf = (path: string) => inboxFilterFromQuery(new URL(path, 'http://localhost').searchParams);

describe("the inbox's address", () => {
  it("reads an alert's link as the alert means it: the comment alone in its project, or the project's comments", () => {
    expect(filterOf(notifications.alertPathOf('negativeComment', PROJECT, COMMENT))).toEqual({
      ...DEFAULT_INBOX_FILTER,
      projectId: PROJECT,
      commentId: COMMENT,
    });
    expect(filterOf(notifications.alertPathOf('ruleMatched', PROJECT, COMMENT))).toMatchObject({
      projectId: PROJECT,
      commentId: COMMENT,
    });
    expect(filterOf(notifications.alertPathOf('spike', PROJECT))).toEqual({
      ...DEFAULT_INBOX_FILTER,
      projectId: PROJECT,
    });
    // A comment gone since: its rule's matches, newest first.
    expect(filterOf(notifications.alertPathOf('ruleMatched', PROJECT, null))).toEqual({
      ...DEFAULT_INBOX_FILTER,
      projectId: PROJECT,
      order: 'newest',
    });
  });

  it('still reads the project of a link mailed before the page named it `project`', () => {
    expect(filterOf(`/inbox?projectId=${PROJECT}`).projectId).toBe(PROJECT);
    expect(filterOf(`/inbox?project=${PROJECT}&projectId=${COMMENT}`).projectId).toBe(PROJECT);
  });

  it('keeps the comment through the address and asks the API for it; a mangled one reads as none', () => {
    const filter = { ...DEFAULT_INBOX_FILTER, projectId: PROJECT, commentId: COMMENT, state: 'done' as const };
    const params = inboxFilterToParams(filter);
    expect(params.toString()).toBe(`project=${PROJECT}&comment=${COMMENT}&state=done`);
    expect(inboxFilterFromQuery(params)).toEqual(filter);
    expect(inboxFilterToApi(filter)).toEqual({ projectId: PROJECT, commentId: COMMENT });
    expect(filterOf(`/inbox?comment=42`).commentId).toBeUndefined();
    expect(filterOf(`/inbox?comment=${COMMENT.toUpperCase()}`).commentId).toBe(COMMENT);
  });

  it('keeps the one comment through a change of state or order, and lets it go for any other filter', () => {
    const one = { ...DEFAULT_INBOX_FILTER, projectId: PROJECT, commentId: COMMENT };
    expect(inboxFilterChanged(one, { state: 'done' })).toEqual({ ...one, state: 'done' });
    expect(inboxFilterChanged(one, { order: 'newest' })).toEqual({ ...one, order: 'newest' });
    expect(inboxFilterChanged(one, { projectId: undefined })).toEqual({ ...DEFAULT_INBOX_FILTER });
    expect(inboxFilterChanged(one, { message: 'cold' })).toEqual({ ...one, commentId: undefined, message: 'cold' });
    expect(inboxFilterChanged(one, { sentiment: 'NEGATIVE', state: 'done' }).commentId).toBeUndefined();
  });
});
