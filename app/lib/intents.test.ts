import { afterEach, describe, expect, it } from 'vitest';
import { HttpError, OfflineError } from './http';
import { formAnswer, formText, handleIntents, intentOf } from './intents';
import { snackbar } from './snackbar';

/** A button's post, as a fetcher sends it. */
function post(fields: Record<string, string>, url = 'http://app.test/projects/p1/channels?tab=all') {
  return new Request(url, { method: 'POST', body: new URLSearchParams(fields) });
}

/** What the snackbar holds, read through its one subscriber API. */
let said: { message: string; tone: string }[] = [];
const unsubscribe: Array<() => void> = [];
function listenToSnackbar() {
  said = [];
  const original = snackbar.show.bind(snackbar);
  snackbar.show = (what, tone = 'info', options) => {
    said.push({ message: typeof what === 'string' ? what : what.text, tone });
    original(what, tone, options);
  };
  unsubscribe.push(() => {
    snackbar.show = original;
  });
}

afterEach(() => {
  for (const undo of unsubscribe.splice(0)) undo();
  snackbar.clear();
});

const thrownBy = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (caught) {
    return caught;
  }
  throw new Error('nothing was thrown');
};

describe('handleIntents', () => {
  it('runs the handler the intent names, with the form, and answers what it returned', async () => {
    const answer = await handleIntents(post({ intent: 'attach', id: 'c1' }), {
      attach: async (form) => ({ attached: formText(form, 'id') }),
      detach: async () => {
        throw new Error('not this one');
      },
    });
    expect(answer).toEqual({ intent: 'attach', ok: true, data: { attached: 'c1' } });
  });

  it('sends an ended session to sign-in, and back to the page afterwards', async () => {
    const thrown = await thrownBy(
      handleIntents(post({ intent: 'attach' }), {
        attach: async () => {
          throw new HttpError(401, { message: 'Unauthenticated.' }, true);
        },
      }),
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(
      `/login?returnUrl=${encodeURIComponent('/projects/p1/channels?tab=all')}`,
    );
  });

  it('sends a 503 to the maintenance page', async () => {
    const thrown = await thrownBy(
      handleIntents(post({ intent: 'attach' }), {
        attach: async () => {
          throw new HttpError(503, { message: 'Down.' });
        },
      }),
    );
    expect((thrown as Response).headers.get('Location')).toMatch(/^\/maintenance\?from=/);
  });

  it('says any other failure in the snackbar and answers ok: false with its status and the API’s words', async () => {
    listenToSnackbar();
    const answer = await handleIntents(post({ intent: 'attach' }), {
      attach: async () => {
        throw new HttpError(422, { message: 'Invalid.', errors: { channel: ['The channel is gone.'] } });
      },
    });
    expect(answer).toEqual({ intent: 'attach', ok: false, status: 422, message: 'Invalid.' });
    expect(said).toEqual([{ message: 'The channel is gone.', tone: 'error' }]);
  });

  it("words a status the route names in the route's own words", async () => {
    listenToSnackbar();
    await handleIntents(
      post({ intent: 'delete' }),
      {
        delete: async () => {
          throw new HttpError(404, { message: 'Not Found' });
        },
      },
      { 404: { key: 'projects.gone' } },
    );
    expect(said).toEqual([{ message: 'projects.gone', tone: 'error' }]);
  });

  it('says nothing more when offline (the HTTP client has said so) and answers status 0', async () => {
    listenToSnackbar();
    const answer = await handleIntents(post({ intent: 'attach' }), {
      attach: async () => {
        throw new OfflineError();
      },
    });
    expect(answer).toEqual({ intent: 'attach', ok: false, status: 0 });
    expect(said).toEqual([]);
  });

  it('lets a bug through to the ErrorBoundary, and refuses an intent it does not know', async () => {
    await expect(
      handleIntents(post({ intent: 'attach' }), {
        attach: async () => {
          throw new TypeError('x is undefined');
        },
      }),
    ).rejects.toThrow(TypeError);
    const unknown = await thrownBy(handleIntents(post({ intent: 'toString' }), { attach: async () => null }));
    expect((unknown as Response).status).toBe(400);
  });
});

describe('intentOf and formAnswer', () => {
  it('reads the intent without using up the body', async () => {
    const request = post({ intent: 'rename', name: 'Caffè' });
    expect(await intentOf(request)).toBe('rename');
    expect((await request.formData()).get('name')).toBe('Caffè');
  });

  it("gives a form only its own answers, not a button's", () => {
    expect(formAnswer({ intent: 'delete', ok: true, data: null })).toBeUndefined();
    expect(formAnswer({ status: 'error' as const, error: { name: ['Too long.'] } })).toEqual({
      status: 'error',
      error: { name: ['Too long.'] },
    });
  });
});
