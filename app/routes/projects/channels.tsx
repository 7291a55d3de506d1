import { useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_KINDS } from '~contract/fields';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { BrandMark } from '~/components/ui/brand-mark';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageHeader } from '~/components/ui/page-header';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { ATTACHES_CHANNELS } from '~/features/integrations/attach-here';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { linkedinOrganizationAuthorizeUrl, type Channel } from '~/features/integrations/api';
import { attachChannel, detachChannel, getChannels, getProject, projectKeys } from '~/features/projects/api';
import {
  getProjectTiktokUsers,
  restartTiktokImport,
  tiktokAuthorizeUrl,
  type TiktokUser,
} from '~/features/projects/tiktok';
import { TiktokImportProblems } from '~/features/projects/tiktok-import-problems';
import { tiktokImports } from '~/features/projects/tiktok-imports';
import { invalidate } from '~/lib/cache';
import { PlanLimitNote } from '~/features/projects/plan-limit-note';
import { pageTitle } from '~/lib/i18n';
import { useReadAgainUnlessBusy } from '~/lib/read-again-unless-busy';
import { hasRoom } from '~/lib/plan-limits';
import { paths } from '~/lib/paths';
import { throwRouteError } from '~/lib/route-errors';
import { formText, handleIntents, leaveFor, useIntent } from '~/lib/intents';
import { snackbar } from '~/lib/snackbar';

/**
 * A project's channels (docs/product.md#channels): the ones it follows, by kind, each detachable
 * (with Undo), and the user's other channels, to attach. A TikTok user is connected straight into
 * the project. Another user's project, or one that is gone, is the not-found page (the API answers
 * 404).
 */
export async function clientLoader({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  try {
    const [project, channels, tiktokUsers] = await Promise.all([
      getProject(projectId),
      getChannels(),
      getProjectTiktokUsers(projectId),
    ]);
    return { project, channels, tiktokUsers };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/**
 * Every change the page makes, from its buttons (`useIntent`): a channel attached or detached,
 * a stopped TikTok import restarted, and the round trips to LinkedIn's and TikTok's consent pages
 * (a whole-page redirect: the provider's page is not one of the app's).
 */
export async function clientAction({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  return handleIntents(request, {
    attach: async (form) => {
      const channel = { id: formText(form, 'id'), name: formText(form, 'name') };
      await attachChannel(projectId, channel.id);
      snackbar.show('projectChannels.attached', 'success', { values: { name: channel.name } });
      return channel;
    },
    detach: async (form) => {
      const channel = { id: formText(form, 'id'), name: formText(form, 'name') };
      await detachChannel(projectId, channel.id);
      // Its snackbar, with Undo, is the page's: Undo attaches through the page's own fetcher.
      return channel;
    },
    restartImport: async (form) => {
      const restarted = await restartTiktokImport(projectId, formText(form, 'id'));
      tiktokImports.report(restarted, 0);
      snackbar.show('tiktokImport.restarted', 'info', { values: { name: restarted.name } });
    },
    connectLinkedin: async () => {
      return leaveFor(await linkedinOrganizationAuthorizeUrl(projectId));
    },
    connectTiktok: async () => {
      return leaveFor(await tiktokAuthorizeUrl(projectId));
    },
  });
}

/**
 * How often the page looks again while an import runs: a stall sends no event (its instance is
 * gone), so the page finds it by reading the API, which says when one has not moved for too long.
 */
const RUNNING_IMPORT_CHECK_MS = 30_000;

/** Channels by kind, in the kinds' own order, each kind only when it has any. */
function byKind(channels: readonly Channel[]) {
  return CHANNEL_KINDS.map((kind) => ({ kind, channels: channels.filter((channel) => channel.type === kind) })).filter(
    (group) => group.channels.length > 0,
  );
}

function ChannelGroups({
  channels,
  label,
  action,
}: {
  channels: readonly Channel[];
  label: (kind: Channel['type']) => string;
  action: (channel: Channel) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      {byKind(channels).map(({ kind, channels: ofKind }) => (
        <section key={kind} aria-label={label(kind)}>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
            {t(`channels.group.${kind}`)} · {ofKind.length}
          </h3>
          <ul className="flex flex-col divide-y divide-line rounded-lg ring-1 ring-line">
            {ofKind.map((channel) => (
              <li key={channel._id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 text-sm">
                  <ChannelLine kind={channel.type} name={channel.name} />
                </span>
                {action(channel)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function ProjectChannelsRoute() {
  const { t } = useTranslation();
  const { project, channels, tiktokUsers } = useLoaderData<typeof clientLoader>();
  // A look nobody asked for: never while the user is on their way elsewhere or sending a form.
  const readAgain = useReadAgainUnlessBusy();
  // An import under way shows its bar after a reload too (its events then move it on); one that
  // stopped or stalled is said on the page instead.
  useEffect(() => {
    for (const user of tiktokUsers) {
      if (user.importProgress !== null && !user.importStalled) tiktokImports.report(user, user.importProgress);
      else if (user.importFailure !== null || user.importStalled) tiktokImports.dismiss(user._id);
    }
  }, [tiktokUsers]);
  const anyRunning = tiktokUsers.some((user) => user.importProgress !== null && !user.importStalled);
  useEffect(() => {
    if (!anyRunning) return;
    const timer = window.setInterval(() => {
      void invalidate(projectKeys.tiktok(project._id));
      readAgain();
    }, RUNNING_IMPORT_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [anyRunning, project._id, readAgain]);
  const followed = new Set(project.channels.map((channel) => channel._id));
  const available = channels.filter((channel) => !followed.has(channel._id));
  // A full project says so before the user tries (the API refuses one more all the same); a
  // LinkedIn round trip that brought more than the room left shows the rest here, to attach.
  const { plan } = useSignedInUser();
  const full = !hasRoom(plan.id, 'channelsPerProject', project.channels.length);

  const { submit, pending, result } = useIntent<{ id: string; name: string } | null>();
  const attach = (channel: { _id: string; name: string }) => submit('attach', { id: channel._id, name: channel.name });
  const detach = (channel: Channel) => submit('detach', { id: channel._id, name: channel.name });
  const restart = (user: TiktokUser) => submit('restartImport', { id: user._id });
  // A detached channel's message offers Undo, which attaches it again: said once for each answer,
  // and its Undo submits through this render's fetcher, whenever it is pressed.
  const attachLater = useRef(attach);
  useEffect(() => {
    attachLater.current = attach;
  });
  useEffect(() => {
    if (result?.intent !== 'detach' || !result.ok || !result.data) return;
    const { id, name } = result.data;
    snackbar.show('projectChannels.detached', 'success', {
      values: { name },
      action: { label: 'projectChannels.undo', run: () => attachLater.current({ _id: id, name }) },
    });
  }, [result]);
  // A channel attached or detached moves to the other list, and the button that had the focus goes
  // with the row it left (or with the message, for Undo): the focus follows the channel to its new
  // button, unless the person has gone on to something else meanwhile.
  useEffect(() => {
    if ((result?.intent !== 'detach' && result?.intent !== 'attach') || !result.ok || !result.data) return;
    const button = `${result.intent === 'detach' ? 'attach' : 'detach'}:${result.data.id}`;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      document.querySelector<HTMLElement>(`[data-channel-button="${button}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [result]);
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <Breadcrumb
        items={[
          { label: t('projects.title'), to: paths.projects() },
          { label: project.name, to: paths.projectComments(project._id) },
          { label: t('projectChannels.titleShort') },
        ]}
      />
      <PageHeader
        title={t('projectChannels.title', { name: project.name })}
        subtitle={t('projectChannels.subtitle')}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => submit('connectLinkedin')}
              pending={pending === 'connectLinkedin'}
            >
              <BrandMark brand="linkedin" className="size-4" />
              {t('projectChannels.connectLinkedin')}
            </Button>
            <Button variant="secondary" onClick={() => submit('connectTiktok')} pending={pending === 'connectTiktok'}>
              <BrandMark brand="tiktok" className="size-4" />
              {t('projects.connectTiktok')}
            </Button>
          </>
        }
      />
      <TiktokImportProblems
        users={tiktokUsers}
        pending={pending}
        onRestart={restart}
        onReconnect={() => submit('connectTiktok')}
      />
      <Card headingLevel={2} title={t('projectChannels.followedTitle')}>
        {project.channels.length === 0 ? (
          <EmptyState title={t('projectChannels.noneFollowed')} description={t('projectChannels.noneFollowedText')} />
        ) : (
          <ChannelGroups
            channels={project.channels}
            label={(kind) => t('projectChannels.followedOfKind', { kind: t(`channels.group.${kind}`) })}
            action={(channel) => (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => detach(channel)}
                data-channel-button={`detach:${channel._id}`}
                pending={pending === `detach:${channel._id}`}
                aria-label={t('projectChannels.detachName', { name: channel.name })}
              >
                {t('projectChannels.detach')}
              </Button>
            )}
          />
        )}
      </Card>
      <Card
        headingLevel={2}
        title={t('projectChannels.availableTitle')}
        description={t('projectChannels.availableText')}
      >
        {full ? <PlanLimitNote planId={plan.id} limit="channelsPerProject" className="mb-5" /> : null}
        {available.length === 0 ? (
          <EmptyState
            title={t(channels.length === 0 ? 'projectChannels.noChannels' : 'projectChannels.allFollowed')}
            description={t('projectChannels.connectMore')}
            action={<ButtonLink to={paths.integrations()}>{t('projectChannels.toIntegrations')}</ButtonLink>}
          />
        ) : (
          <ChannelGroups
            channels={available}
            label={(kind) => t('projectChannels.availableOfKind', { kind: t(`channels.group.${kind}`) })}
            action={(channel) => (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => attach(channel)}
                data-channel-button={`attach:${channel._id}`}
                pending={pending === `attach:${channel._id}`}
                aria-label={t('projectChannels.attachName', { name: channel.name })}
              >
                {t('projectChannels.attach')}
              </Button>
            )}
          />
        )}
      </Card>
    </div>
  );
}

/** The channels no project follows are listed here: the channel-fetched dialog says they join this list. */
export const handle = ATTACHES_CHANNELS;

export function meta({ data }: { data?: { project?: { name: string } } }) {
  return data?.project
    ? [{ title: `${data.project.name} · ${pageTitle('projectChannels.titleShort')[0]!.title}` }]
    : pageTitle('projectChannels.titleShort');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
