// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '~/lib/http';
import { handleIntents } from '~/lib/intents';
import { snackbar } from '~/lib/snackbar';
import { renderRoutes } from '~/test/render';
import { loginAsIntents, loginAsUser } from './api';
import { LoginAsUserButton, type LoginAsUserTarget } from './login-as-user-button';

vi.mock('./api', async (original) => {
  const real = await original<typeof import('./api')>();
  const loginAsUser = vi.fn();
  return {
    ...real,
    loginAsUser,
    loginAsIntents: { loginAs: async (form: FormData) => loginAsUser(String(form.get('id'))) },
  };
});

afterEach(() => {
  vi.mocked(loginAsUser).mockReset();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The Support route as far as the buttons need it: its rows, and its action running their intents. */
async function supportWith(users: LoginAsUserTarget[]) {
  const container = await renderRoutes(
    [
      {
        path: '/admin/support',
        action: ({ request }) => handleIntents(request, loginAsIntents),
        element: (
          <>
            {users.map((user) => (
              <LoginAsUserButton key={user._id} user={user} />
            ))}
          </>
        ),
      },
    ],
    '/admin/support',
  );
  return Array.from(container.querySelectorAll('button'));
}

const JANE = { _id: 'id-jane', email: 'jane.doe@example.com' };
const LUCA = { _id: 'id-luca', email: 'luca.bianchi@example.com' };

describe('LoginAsUserButton', () => {
  it("says 'Login as user' and is named after its row's user by email, which two users never share", async () => {
    const [jane, otherJane] = await supportWith([
      JANE,
      { _id: 'id-other-jane', email: 'jane.doe@elsewhere.example.com' },
    ]);
    expect(jane!.textContent).toBe('Login as user');
    expect(jane!.getAttribute('aria-label')).toBe('Login as user jane.doe@example.com');
    expect(otherJane!.getAttribute('aria-label')).toBe('Login as user jane.doe@elsewhere.example.com');
  });

  it('is busy while its intent runs, and every other row waits', async () => {
    let fail = (_error: unknown) => {};
    vi.mocked(loginAsUser).mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const [jane, luca] = await supportWith([JANE, LUCA]);
    await act(async () => jane!.click());
    await vi.waitFor(() => expect(loginAsUser).toHaveBeenCalledWith('id-jane'));
    await vi.waitFor(() => expect(jane!.getAttribute('aria-disabled')).toBe('true'));
    expect(luca!.disabled).toBe(true);
    // A second press changes nothing.
    await act(async () => jane!.click());
    expect(loginAsUser).toHaveBeenCalledTimes(1);
    // (Given up on here, so the next test starts with no row busy.)
    vi.spyOn(snackbar, 'show').mockImplementation(() => {});
    await act(async () => fail(new HttpError(404, { message: 'No user has this id.' })));
    await vi.waitFor(() => expect(luca!.disabled).toBe(false));
  });

  it("says the API's refusal and lets every row try again", async () => {
    const show = vi.spyOn(snackbar, 'show');
    vi.mocked(loginAsUser).mockRejectedValue(new HttpError(403, { message: 'An admin cannot be impersonated.' }));
    const [jane, luca] = await supportWith([JANE, LUCA]);
    await act(async () => jane!.click());
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'An admin cannot be impersonated.' }, 'error'));
    await vi.waitFor(() => expect(jane!.getAttribute('aria-disabled')).toBeNull());
    expect(luca!.disabled).toBe(false);
  });

  it('offers nothing on an admin’s row, and says why', async () => {
    const [button] = await supportWith([{ _id: 'id-ada', email: 'ada@example.com', role: 'admin' }]);
    expect(button).toBeUndefined();
    expect(document.body.textContent).toContain('Admins cannot be logged in as');
  });
});
