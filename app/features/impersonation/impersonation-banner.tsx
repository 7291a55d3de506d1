import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '~contract/auth';
import { ToneIcon } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { impersonationStore } from '~/lib/session';
import { snackbar } from '~/lib/snackbar';
import { useIntent } from '~/lib/intents';
import { paths } from '~/lib/paths';

/** Long enough for a screen reader to have found the live region before its words arrive. */
const ANNOUNCE_AFTER_MS = 500;

/**
 * The line above every signed-in page while an admin acts as a user: whose account this is,
 * who is acting, and the way back. Outside an impersonation it renders nothing, but says once
 * (a snackbar) when the last one ended on its own (expired, or the admin's session ended).
 */
export function ImpersonationBanner({ user }: { user: User }) {
  useEffect(() => {
    if (impersonationStore.takeOver()) snackbar.show('impersonation.over', 'info');
  }, []);
  return user.impersonatedBy ? <Banner user={user} actor={user.impersonatedBy.name} /> : null;
}

function Banner({ user, actor }: { user: User; actor: string }) {
  const { t } = useTranslation();
  const back = useIntent({ action: paths.impersonation() });
  // A live region is heard when its words change, not when it appears with them: a hidden one
  // is given the words a moment after the page is up, so a screen reader says whose account
  // this is (the visible line stays put, for reading at any time).
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(true), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const name = `${user.firstName} ${user.lastName}`.trim();

  // The names are user content: shown as text, never passed through a translation's markup.
  return (
    <div className="border-b-2 border-warning bg-warning-soft text-warning-fg">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <ToneIcon tone="warning" />
        {/* On a phone the button goes below the words rather than squeezing them. */}
        <p className="min-w-0 flex-[1_1_16rem] text-sm">
          {t('impersonation.signedInAs', { actor })} <strong className="font-semibold">{name}</strong>{' '}
          <span className="wrap-anywhere">({user.email})</span>
        </p>
        <p role="status" className="sr-only">
          {announced ? `${t('impersonation.signedInAs', { actor })} ${name} (${user.email})` : ''}
        </p>
        <Button variant="secondary" size="sm" pending={back.pending !== null} onClick={() => back.submit('back')}>
          {t('impersonation.back')}
        </Button>
      </div>
    </div>
  );
}
