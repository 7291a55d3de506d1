import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { dateTimeFormat } from '~/lib/format';
import type { TiktokUser } from './tiktok';

/**
 * The project's TikTok imports that need the owner (decision 033): one that stopped short, with
 * why and when and what to do, and one that stalled (its work lost and not taken over). Read from
 * the API, so a reload shows the same; the live event only makes it appear sooner. A grant TikTok
 * refused is fixed by connecting the user again; anything else by starting the import again.
 */
export function TiktokImportProblems({
  users,
  pending,
  onRestart,
  onReconnect,
}: {
  users: readonly TiktokUser[];
  pending: string | null;
  onRestart: (user: TiktokUser) => void;
  onReconnect: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const problems = users.filter((user) => user.importFailure !== null || user.importStalled);
  if (problems.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {problems.map((user) => {
        const failure = user.importFailure;
        const restart = (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onRestart(user)}
            pending={pending === `restartImport:${user._id}`}
            aria-label={t('tiktokImport.restartName', { name: user.name })}
          >
            {t('tiktokImport.restart')}
          </Button>
        );
        if (!failure || user.importStalled) {
          return (
            <Alert
              key={user._id}
              tone="warning"
              title={t('tiktokImport.stalledTitle', { name: user.name })}
              action={restart}
            >
              {t('tiktokImport.stalledText')}
            </Alert>
          );
        }
        return (
          <Alert
            key={user._id}
            tone="danger"
            title={t('tiktokImport.failedTitle', { name: user.name })}
            action={
              failure.reason === 'reconnect' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={onReconnect}
                  pending={pending === 'connectTiktok'}
                  aria-label={t('tiktokImport.reconnectName', { name: user.name })}
                >
                  {t('tiktokImport.reconnect')}
                </Button>
              ) : (
                restart
              )
            }
          >
            {t(`tiktokImport.failure.${failure.reason}`, { when: when.format(new Date(failure.failedAt)) })}
          </Alert>
        );
      })}
    </div>
  );
}
