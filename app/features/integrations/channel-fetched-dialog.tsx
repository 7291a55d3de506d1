import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { AppDialog } from '~/components/ui/dialog';
import { TextLink } from '~/components/ui/text-link';
import { listFormat } from '~/lib/format';
import { paths } from '~/lib/paths';
import { channelFetched, useChannelFetched } from './channel-fetched';
import { ChannelLine } from './channel-kind';

/**
 * The channel-fetched dialog (docs/product.md#fetching-channels): what just arrived from the user's connected
 * accounts, as cards that cannot be removed, each saying which projects follow it already, and
 * what to do with those no project follows. Cancel closes it (and the
 * next channel opens a new one); 'Refresh page' reloads, so every screen shows the new channels.
 */
/** Cards shown at most; the rest are counted (a dialog that fits any screen, with nothing to scroll). */
const SHOWN = 5;

export function ChannelFetchedDialog() {
  const { t, i18n } = useTranslation();
  const channels = useChannelFetched();
  const [reloading, setReloading] = useState(false);
  const list = channels ?? [];
  const unfollowed = list.filter((each) => each.projects.length === 0).length;
  return (
    <AppDialog
      open={channels !== null}
      onClose={channelFetched.close}
      title={t('channelFetched.title', { count: list.length })}
      actions={
        <>
          <Button variant="secondary" onClick={channelFetched.close}>
            {t('common.cancel')}
          </Button>
          <Button
            pending={reloading}
            onClick={() => {
              setReloading(true);
              window.location.reload();
            }}
          >
            {t('channelFetched.refresh')}
          </Button>
        </>
      }
    >
      <p>{t('channelFetched.intro', { count: list.length })}</p>
      <ul aria-label={t('channelFetched.listLabel')} className="mt-4 flex flex-col gap-2">
        {list.slice(0, SHOWN).map(({ channel, projects }) => (
          <li key={channel._id} className="rounded-md bg-muted/60 px-3 py-2 text-sm ring-1 ring-line">
            <ChannelLine kind={channel.type} name={channel.name} />
            <span className="mt-0.5 block pl-6 text-xs text-fg-muted">
              {t(`channels.kind.${channel.type}`)} ·{' '}
              {projects.length > 0
                ? t('channelFetched.followedBy', {
                    projects: listFormat(i18n.language).format(projects.map((each) => each.name)),
                  })
                : t('channelFetched.inNoProject')}
            </span>
          </li>
        ))}
      </ul>
      {list.length > SHOWN ? (
        <p className="mt-2 text-sm">{t('channelFetched.more', { count: list.length - SHOWN })}</p>
      ) : null}
      {/* Only for channels no project follows yet: a TikTok user connected from a project is in it. */}
      {unfollowed > 0 ? (
        <p className="mt-4 text-sm">
          {t('channelFetched.next', { count: unfollowed })}{' '}
          <TextLink to={paths.projects()} onClick={channelFetched.close}>
            {t('channelFetched.toProjects')}
          </TextLink>
        </p>
      ) : null}
    </AppDialog>
  );
}
