import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadAgainButton } from '~/components/ui/read-again-button';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { AppDialog } from '~/components/ui/dialog';
import { Field } from '~/components/ui/field';
import { textLinkClass } from '~/components/ui/text-link';
import { dateTimeFormat } from '~/lib/format';
import { hasRoom } from '~/lib/plan-limits';
import { useIntent } from '~/lib/intents';
import { snackbar } from '~/lib/snackbar';
import { PlanLimitNote } from './plan-limit-note';
import { reportUrl, type ReportLink } from './report-links';

interface SharedProject {
  _id: string;
  name: string;
}

/**
 * What the route's loader read of the shared project's link: the active one, none (`null`), or
 * a failure to read it (`'failed'`).
 */
export type ReportLinkState = ReportLink | null | 'failed';

/** The intents the route's clientAction answers for this dialog (`handleIntents`). */
export const reportLinkIntents = { create: 'createReportLink', revoke: 'revokeReportLink' } as const;

/**
 * Sharing a project's report: the link to send (copied in one press), when it was made and last
 * opened, a new link (the old one stops working) and revoking it (whoever has it meets the
 * not-found page). Open while there is a project; the route reads its link in its loader and
 * makes the changes in its clientAction (`reportLinkIntents`).
 */
export function ReportLinkDialog({
  project,
  link,
  planId,
  onClose,
}: {
  project: SharedProject | null;
  link: ReportLinkState;
  /** The owner's plan: without public report links, the dialog says so instead of offering one. */
  planId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={project !== null}
      onClose={onClose}
      title={project ? t('reports.share.title', { name: project.name }) : ''}
      width="lg"
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {project ? <ReportLinkPanel key={project._id} project={project} link={link} planId={planId} /> : null}
    </AppDialog>
  );
}

function ReportLinkPanel({ project, link, planId }: { project: SharedProject; link: ReportLinkState; planId: string }) {
  const { t } = useTranslation();
  const { submit, pending } = useIntent();
  const create = () => submit(reportLinkIntents.create, { projectId: project._id });
  // A link made or revoked here swaps the panel's buttons: the new main one takes the focus
  // (creating's Copy, revoking's Create), not the page's `<body>`.
  const hasLink = link !== null && link !== 'failed';
  const [shownHasLink, setShownHasLink] = useState(hasLink);
  const [swapped, setSwapped] = useState(false);
  if (shownHasLink !== hasLink) {
    setShownHasLink(hasLink);
    setSwapped(true);
  }

  if (link === 'failed') {
    return (
      <Alert tone="danger" live action={<ReadAgainButton />}>
        {t('reports.share.failed')}
      </Alert>
    );
  }
  const intro = <p className="text-sm text-fg-muted">{t('reports.share.intro', { name: project.name })}</p>;
  // A plan without them (a link made before a change of plan no longer opens): said, not offered.
  const note = hasRoom(planId, 'publicReports') ? null : <PlanLimitNote planId={planId} limit="publicReports" />;
  if (link === null) {
    return (
      <div className="flex flex-col gap-4">
        {intro}
        {note ?? (
          <div>
            <Button pending={pending === reportLinkIntents.create} onClick={create} autoFocus={swapped}>
              {t('reports.share.create')}
            </Button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {intro}
      {note}
      <ActiveLink
        project={project}
        link={link}
        focusCopy={swapped}
        pending={pending}
        onRenew={create}
        onRevoke={() => submit(reportLinkIntents.revoke, { projectId: project._id })}
      />
    </div>
  );
}

function ActiveLink({
  project,
  link,
  focusCopy,
  pending,
  onRenew,
  onRevoke,
}: {
  project: SharedProject;
  link: ReportLink;
  focusCopy: boolean;
  pending: string | null;
  onRenew: () => void;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  // Each of the two rows of buttons takes the focus as it replaces the other.
  const [answered, setAnswered] = useState(false);
  const url = reportUrl(link.token);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      snackbar.show('reports.share.copied', 'success');
    } catch {
      // No clipboard here (an old browser, a denied permission): the link is selected to copy by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      snackbar.show('reports.share.copyByHand', 'info');
    }
  }

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field
            label={t('reports.share.link')}
            inputProps={{
              id: inputId,
              value: url,
              readOnly: true,
              onFocus: (event) => event.currentTarget.select(),
            }}
          />
        </div>
        <Button onClick={() => void copy()} autoFocus={focusCopy}>
          {t('reports.share.copy')}
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-fg-muted">{t('reports.share.createdAt')}</dt>
        <dd className="text-fg">{when.format(new Date(link.createdAt))}</dd>
        <dt className="text-fg-muted">{t('reports.share.lastOpened')}</dt>
        <dd className="text-fg">
          {link.lastOpenedAt ? when.format(new Date(link.lastOpenedAt)) : t('reports.share.neverOpened')}
        </dd>
      </dl>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={`${textLinkClass} self-start text-sm`}
        aria-label={t('reports.share.openLabel', { name: project.name })}
      >
        {t('reports.share.open')}
      </a>
      {confirmingRevoke ? (
        <div role="group" aria-label={t('reports.share.revokeTitle')} className="rounded-lg bg-danger-soft p-4">
          <p className="text-sm text-danger-fg">{t('reports.share.revokeText')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="danger" pending={pending === reportLinkIntents.revoke} onClick={onRevoke}>
              {t('reports.share.revokeConfirm')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              autoFocus
              onClick={() => {
                setConfirmingRevoke(false);
                setAnswered(true);
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2 border-t border-line pt-4">
          <Button size="sm" variant="secondary" pending={pending === reportLinkIntents.create} onClick={onRenew}>
            {t('reports.share.renew')}
          </Button>
          <Button size="sm" variant="secondary" autoFocus={answered} onClick={() => setConfirmingRevoke(true)}>
            {t('reports.share.revoke')}
          </Button>
        </div>
      )}
      {confirmingRevoke ? null : <p className="text-xs text-fg-muted">{t('reports.share.renewHint')}</p>}
    </>
  );
}
