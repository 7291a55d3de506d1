import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { useIntent } from '~/lib/intents';
import { paths } from '~/lib/paths';
import { createStore, useStore } from '~/lib/store';

/**
 * Whether a login as user is on its way from any row: the others wait, so two clicks never
 * race two impersonations.
 */
const anyRunning = createStore(false);

/** What the Support table knows of a row's user. */
export type LoginAsUserTarget = { _id: string; email: string; role?: 'user' | 'admin' };

/**
 * The Support table's 'Login as user' action for one user (docs/product.md#support), an intent of
 * the Support route (`loginAsIntents`): busy (and every other row's disabled) while it runs, then
 * the app reloads at home as that user; a refusal is said in the API's words and every row may
 * try again. Named with the user's email, which no two users share, so a screen reader's list of
 * buttons tells every row apart (two users may have the same name).
 */
export function LoginAsUserButton({ user }: { user: LoginAsUserTarget }) {
  const { t } = useTranslation();
  const { submit, pending, result } = useIntent({ action: paths.adminSupport() });
  const running = useStore(anyRunning);
  const mine = pending === `loginAs:${user._id}`;
  // An answer came back (a refusal: success never answers, the page goes): the rows are free again.
  useEffect(() => {
    if (result) anyRunning.set(false);
  }, [result]);
  // The API never logs in as an admin: the row says so instead of offering what it would refuse.
  if (user.role === 'admin') {
    return <span className="text-xs text-fg-muted">{t('impersonation.notForAdmins')}</span>;
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      pending={mine}
      disabled={running && !mine}
      aria-label={t('impersonation.loginAsNamed', { email: user.email })}
      onClick={() => {
        if (anyRunning.get()) return;
        anyRunning.set(true);
        submit('loginAs', { id: user._id });
      }}
    >
      {t('impersonation.loginAsUser')}
    </Button>
  );
}
