import { useTranslation } from 'react-i18next';
import { Spinner } from '~/components/ui/spinner';

/**
 * Says, small and out of the way (under the header below lg, clear of the snackbars), that live updates are paused while the socket is lost for more
 * than a few seconds (live-connection.ts), and that they are back. Always in the page as a live
 * region, so both are announced; empty while all is well.
 */
export function LiveStatusIndicator({ lost, recovered }: { lost: boolean; recovered: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="pointer-events-none fixed top-20 left-4 z-[55] md:left-[16.5rem] lg:top-auto lg:bottom-4 lg:left-[17.5rem]"
    >
      {lost ? (
        <p className="flex items-center gap-2 rounded-full bg-surface px-3 py-1.5 text-sm text-fg shadow-md ring-1 ring-warning-fg/40">
          <Spinner />
          <span>
            <span className="font-semibold">{t('live.lost')}</span>{' '}
            <span className="text-fg-muted">{t('live.reconnecting')}</span>
          </span>
        </p>
      ) : recovered ? (
        <p className="sr-only">{t('live.back')}</p>
      ) : null}
    </div>
  );
}
