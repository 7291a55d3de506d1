// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '~/lib/http';
import { snackbar } from '~/lib/snackbar';
import { render } from '~/test/render';
import { loginAsUser } from './api';
import { LoginAsUserButton } from './login-as-user-button';

vi.mock('./api', () => ({ loginAsUser: vi.fn(), backToOwnAccount: vi.fn() }));

afterEach(() => {
  vi.mocked(loginAsUser).mockReset();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

async function twoRows() {
  const container = await render(
    <>
      <LoginAsUserButton user={{ _id: 'id-jane', email: 'jane.doe@example.com' }} />
      <LoginAsUserButton user={{ _id: 'id-luca', email: 'luca.bianchi@example.com' }} />
    </>,
  );
  const [jane, luca] = Array.from(container.querySelectorAll('button'));
  return { jane, luca };
}

describe('LoginAsUserButton', () => {
  it("says 'Login as user' and is named after its row's user by email, which two users never share", async () => {
    const container = await render(
      <>
        <LoginAsUserButton user={{ _id: 'id-jane', email: 'jane.doe@example.com' }} />
        <LoginAsUserButton user={{ _id: 'id-other-jane', email: 'jane.doe@elsewhere.example.com' }} />
      </>,
    );
    const [jane, otherJane] = Array.from(container.querySelectorAll('button'));
    expect(jane.textContent).toBe('Login as user');
    expect(jane.getAttribute('aria-label')).toBe('Login as user jane.doe@example.com');
    expect(otherJane.getAttribute('aria-label')).toBe('Login as user jane.doe@elsewhere.example.com');
  });

  it('is busy while it runs, and every other row waits', async () => {
    let fail = (_error: unknown) => {};
    vi.mocked(loginAsUser).mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const { jane, luca } = await twoRows();
    await act(async () => jane.click());
    expect(loginAsUser).toHaveBeenCalledWith('id-jane');
    expect(jane.getAttribute('aria-disabled')).toBe('true');
    expect(luca.disabled).toBe(true);
    // A second press changes nothing.
    await act(async () => jane.click());
    expect(loginAsUser).toHaveBeenCalledTimes(1);
    // (Given up on here, so the next test starts with no row busy.)
    vi.spyOn(snackbar, 'show').mockImplementation(() => {});
    await act(async () => fail(new HttpError(404, { message: 'No user has this id.' })));
    expect(luca.disabled).toBe(false);
  });

  it("says the API's refusal and lets every row try again", async () => {
    const show = vi.spyOn(snackbar, 'show');
    vi.mocked(loginAsUser).mockRejectedValue(new HttpError(403, { message: 'An admin cannot be impersonated.' }));
    const { jane, luca } = await twoRows();
    await act(async () => jane.click());
    expect(show).toHaveBeenCalledWith({ text: 'An admin cannot be impersonated.' }, 'error');
    expect(jane.getAttribute('aria-disabled')).toBeNull();
    expect(luca.disabled).toBe(false);
  });
});
