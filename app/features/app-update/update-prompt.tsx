import { useRouteLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '~contract/auth';
import { Button } from '~/components/ui/button';
import { AppDialog } from '~/components/ui/dialog';
import { env } from '~/lib/env';
import { whenIdle } from '~/lib/idle';
import { Rocket } from './rocket';
import { startServiceWorker, type VersionReady } from './service-worker';
import { REGISTRATION_DEADLINE_MS, versionReadyAction, whenStableOrDeadline } from './timing';

/**
 * The first moment the browser has nothing to do. The prompt mounts once startup is done (the
 * root loader has the user), so this is the app's first idle moment after startup: "stable".
 */
function firstIdle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}

/**
 * Offline updates (docs/product.md#new-versions-and-offline): registers the
 * service worker once the app is stable, or 30 s after the page started at the latest, and
 * offers each new version. Mounted once, in the root.
 */
export function UpdatePrompt() {
  const [version, setVersion] = useState<VersionReady | null>(null);

  useEffect(() => {
    let stop = () => {};
    const cancel = whenStableOrDeadline(firstIdle(), REGISTRATION_DEADLINE_MS - performance.now(), () => {
      stop = startServiceWorker({
        enabled: env.production,
        onVersionReady: (ready) => {
          if (versionReadyAction(env.forceUpdate) === 'activate') ready.activate();
          else setVersion(ready);
        },
      });
    });
    return () => {
      cancel();
      stop();
    };
  }, []);

  return <UpdateDialog open={version !== null} onLater={() => setVersion(null)} onNow={() => version?.activate()} />;
}

function UpdateDialog({ open, onLater, onNow }: { open: boolean; onLater: () => void; onNow: () => void }) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  // A guest (the sign-in page, a public page) has no name to greet.
  const firstName = useRouteLoaderData<{ user: User | null }>('root')?.user?.firstName?.trim();
  return (
    <AppDialog
      open={open}
      onClose={onLater}
      width="update"
      title={t('update.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onLater}>
            {t('update.later')}
          </Button>
          <Button
            variant="primary"
            pending={reloading}
            onClick={() => {
              setReloading(true);
              onNow();
            }}
          >
            {t('update.now')}
          </Button>
        </>
      }
    >
      <Rocket className="mx-auto mb-4 h-28" />
      <p className="font-semibold text-fg">
        {firstName ? t('update.greeting', { name: firstName }) : t('update.greetingGuest')}
      </p>
      <p className="mt-1">{t('update.text')}</p>
    </AppDialog>
  );
}
