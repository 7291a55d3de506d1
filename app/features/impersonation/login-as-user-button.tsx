import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { reportBackgroundError } from '~/lib/api-errors';
import { HttpError } from '~/lib/http';
import { snackbar } from '~/lib/snackbar';
import { createStore, useStore } from '~/lib/store';
import { loginAsUser } from './api';

/**
 * Whether a login as user is on its way from any row: the others wait, so two clicks never
 * race two impersonations.
 */
const anyRunning = createStore(false);

/** What the Support table knows of a row's user. */
export type LoginAsUserTarget = { _id: string; email: string; role?: 'user' | 'admin' };

/**
 * The Support table's 'Login as user' action for one user (docs/product.md#support): busy (and
 * every other row's disabled) while it runs, then the app reloads at home as that user. Named with
 * the user's email, which no two users share, so a screen reader's list of buttons tells every
 * row apart (two users may have the same name).
 */
export function LoginAsUserButton({ user }: { user: LoginAsUserTarget }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const running = useStore(anyRunning);
  // The API never logs in as an admin: the row says so instead of offering what it would refuse.
  if (user.role === 'admin') {
    return <span className="text-xs text-fg-muted">{t('impersonation.notForAdmins')}</span>;
  }

  async function start() {
    setPending(true);
    anyRunning.set(true);
    try {
      await loginAsUser(user._id);
      // Stays busy: the page is being replaced.
    } catch (error) {
      setPending(false);
      anyRunning.set(false);
      // A refusal (an admin, a user gone meanwhile) in the API's own words; else the usual.
      if (error instanceof HttpError && (error.status === 403 || error.status === 404) && error.body?.message) {
        snackbar.show({ text: error.body.message }, 'error');
      } else {
        reportBackgroundError(error);
      }
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      pending={pending}
      disabled={running && !pending}
      aria-label={t('impersonation.loginAsNamed', { email: user.email })}
      onClick={start}
    >
      {t('impersonation.loginAsUser')}
    </Button>
  );
}
