import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { StrokeIcon } from '~/components/ui/icon';
import { dateTimeFormat, numberFormat } from '~/lib/format';
import { useIntent } from '~/lib/intents';
import { paths } from '~/lib/paths';
import * as notificationsContract from '~contract/notifications';
import { useNotifications } from './api';

/** A bell: what the app has to tell. */
const BELL_ICON = 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10.3 20a1.94 1.94 0 0 0 3.4 0';

/**
 * The header's bell (docs/product.md#alerts): how many notifications are unread, and the latest
 * ones in a panel, each a link to what it tells of in the inbox, the comment alone or a spike's
 * project (opening one marks it read), and a link to the alert settings. "Mark all read" goes
 * through the notifications route's action, as every change does.
 */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const shown = useNotifications();
  const read = useIntent({ action: paths.notifications() });
  // Apart, so that opening one never shows "Mark all read" busy.
  const readOne = useIntent({ action: paths.notifications() });
  const unread = shown?.unread ?? 0;
  const number = numberFormat(i18n.language).format;
  const heading = useRef<HTMLHeadingElement>(null);
  // "Mark all read" leaves once nothing is unread: the focus it had goes to the open panel's
  // heading, so the keyboard goes on from there to the notifications, not from the page's start.
  useEffect(() => {
    if (unread === 0 && (!document.activeElement || document.activeElement === document.body)) {
      heading.current?.focus();
    }
  }, [unread]);
  return (
    // Not positioned: the panel places itself under the header's row (the nearest positioned
    // box), its right edge on the row's, in it rather than portalled out, so it stays inside the
    // banner landmark.
    <Popover>
      <PopoverButton
        aria-label={t('alerts.bell', { count: unread, formatted: number(unread) })}
        title={t('alerts.title')}
        className="focus-ring relative inline-flex size-10 items-center justify-center rounded-md text-fg-muted hover:bg-muted hover:text-fg data-[open]:bg-muted data-[open]:text-fg"
      >
        <StrokeIcon d={BELL_ICON} className="size-5" strokeWidth={1.75} />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0 min-w-5 rounded-full bg-danger px-1 text-center text-[0.6875rem] leading-5 font-semibold text-on-danger tabular-nums"
          >
            {number(unread)}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        focus
        className="absolute top-full right-2 z-50 mt-1 flex w-[min(24rem,calc(100vw-1rem))] flex-col gap-2 rounded-lg bg-raised p-3 text-sm text-fg shadow-lg ring-1 ring-line sm:right-6 lg:right-8"
      >
        {({ close }) => (
          <>
            <div className="flex items-center justify-between gap-3 px-1">
              <h2 ref={heading} tabIndex={-1} className="font-semibold outline-none">
                {t('alerts.title')}
              </h2>
              {unread > 0 ? (
                <Button variant="ghost" size="sm" pending={read.pending !== null} onClick={() => read.submit('read')}>
                  {t('alerts.markAllRead')}
                </Button>
              ) : null}
            </div>
            {!shown || shown.data.length === 0 ? (
              <p className="px-1 py-2 text-fg-muted">{t('alerts.empty')}</p>
            ) : (
              <ul aria-label={t('alerts.listLabel')} className="flex max-h-[60vh] flex-col overflow-y-auto">
                {shown.data.map((notification) => (
                  <li key={notification.id}>
                    <Link
                      to={notificationsContract.alertPathOf(
                        notification.kind,
                        notification.project.id,
                        notification.commentId,
                      )}
                      onClick={() => {
                        if (notification.readAt === null) readOne.submit('read', { id: notification.id });
                        close();
                      }}
                      className="focus-ring flex flex-col gap-0.5 rounded-md px-2 py-2 hover:bg-muted"
                    >
                      <span className="flex items-center gap-2">
                        {notification.readAt === null ? (
                          <>
                            <span className="size-2 shrink-0 rounded-full bg-danger" aria-hidden="true" />
                            <span className="sr-only">{t('alerts.unread')}</span>
                          </>
                        ) : null}
                        <span className="font-semibold wrap-anywhere">
                          {notification.kind === 'spike'
                            ? t('alerts.spike', { project: notification.project.name })
                            : notification.kind === 'ruleMatched'
                              ? t('alerts.ruleMatched', {
                                  rule: notification.ruleName ?? '',
                                  project: notification.project.name,
                                })
                              : notification.probable
                                ? t('alerts.probablyNegativeComment', { project: notification.project.name })
                                : notification.reviewed
                                  ? t('alerts.reviewedNegativeComment', { project: notification.project.name })
                                  : t('alerts.negativeComment', { project: notification.project.name })}
                        </span>
                      </span>
                      {notification.kind === 'spike' ? (
                        <span className="text-fg-muted">
                          {t('alerts.spikeText', {
                            count: notification.negativeCount ?? 0,
                            formatted: number(notification.negativeCount ?? 0),
                          })}
                        </span>
                      ) : (
                        // User content: text, never HTML.
                        <span className="line-clamp-2 wrap-anywhere text-fg-muted">
                          {t('alerts.said', {
                            author: notification.authorName || t('common.unnamedAuthor'),
                            channel: notification.channelName,
                          })}{' '}
                          “{notification.excerpt}”
                        </span>
                      )}
                      <time dateTime={notification.createdAt} className="text-xs text-fg-subtle">
                        {dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                          new Date(notification.createdAt),
                        )}
                      </time>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Link
              to={paths.alertSettings()}
              onClick={() => close()}
              className="focus-ring self-start rounded-md px-1 text-sm font-semibold text-link hover:underline"
            >
              {t('alerts.settings')}
            </Link>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
