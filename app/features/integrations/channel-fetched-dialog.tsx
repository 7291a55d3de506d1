import { useMatches } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { AppDialog } from '~/components/ui/dialog';
import { TextLink } from '~/components/ui/text-link';
import { listFormat } from '~/lib/format';
import { paths, whereToAttachChannels } from '~/lib/paths';
import type { AttachHereHandle } from './attach-here';
import { channelFetched, useChannelFetched } from './channel-fetched';
import { ChannelLine } from './channel-kind';

/** Cards shown at most; the rest are counted (a dialog that fits any screen, with nothing to scroll). */
const SHOWN = 5;

type AttachTarget = { here: true } | { to: string; label: string };

/** The user's first page of projects, read afresh (the projects feature's, given by the layout). */
export type ReadProjects = () => Promise<{ meta: { total: number }; data: Array<{ _id: string; name: string }> }>;

/**
 * Where the channels no project follows can be attached: the page itself where it lists them
 * (a route whose handle says so: a project's channels), where they join the list as they
 * arrive; elsewhere as `whereToAttachChannels` leads. The projects are read afresh each time
 * there is something to attach (one may have been made in another tab), and until they are (or
 * if they cannot be), the link is to the projects.
 */
function useAttachTarget(unfollowed: number, readProjects: ReadProjects): AttachTarget {
  const { t } = useTranslation();
  const here = useMatches().some((match) => (match.handle as AttachHereHandle | undefined)?.attachesChannels);
  const [projects, setProjects] = useState<{ total: number; only?: { _id: string; name: string } } | null>(null);
  const wanted = unfollowed > 0 && !here;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    readProjects().then(
      (page) => current && setProjects({ total: page.meta.total, only: page.data[0] }),
      () => undefined,
    );
    return () => {
      current = false;
      setProjects(null);
    };
  }, [wanted, readProjects]);
  if (here) return { here: true };
  if (!projects) return { to: paths.projects(), label: t('channelFetched.toProjects') };
  const next = whereToAttachChannels(projects.total, projects.only?._id);
  const words = {
    newProject: t('channelFetched.toNewProject'),
    projectChannels: t('channelFetched.toProject', { name: projects.only?.name }),
    projects: t('channelFetched.toProjects'),
  };
  return { to: next.to, label: words[next.step] };
}

/**
 * The channel-fetched dialog (docs/product.md#fetching-channels): what just arrived from the
 * user's connected accounts, as cards that cannot be removed, each saying which projects follow it
 * already, and where to attach those no project follows. Cancel closes it (and the next channel
 * opens a new one); 'Refresh page' reloads, so every screen shows the new channels.
 */
export function ChannelFetchedDialog({ readProjects }: { readProjects: ReadProjects }) {
  const { t, i18n } = useTranslation();
  const channels = useChannelFetched();
  const [reloading, setReloading] = useState(false);
  const list = channels ?? [];
  const unfollowed = list.filter((each) => each.projects.length === 0).length;
  const attach = useAttachTarget(unfollowed, readProjects);
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
          {'here' in attach ? (
            t('channelFetched.nextHere', { count: unfollowed, list: t('projectChannels.availableTitle') })
          ) : (
            <>
              {t('channelFetched.next', { count: unfollowed })}{' '}
              <TextLink to={attach.to} onClick={channelFetched.close}>
                {attach.label}
              </TextLink>
            </>
          )}
        </p>
      ) : null}
    </AppDialog>
  );
}
