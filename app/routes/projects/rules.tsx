import { useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { InboxRuleBodySchema, MAX_INBOX_RULES } from '~contract/inbox-rules';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog, useFormDialog } from '~/components/ui/dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { AppMenu } from '~/components/ui/menu';
import { PageHeader } from '~/components/ui/page-header';
import { TruncatedText } from '~/components/ui/truncated-text';
import { requireUser } from '~/features/auth/guards';
import { InboxRuleDialog, type InboxRuleEditing, type RulePreview } from '~/features/comments/inbox-rule-dialog';
import {
  deleteInboxRule,
  getInboxRules,
  InboxRuleFormSchema,
  previewInboxRule,
  saveInboxRule,
  type InboxRule,
} from '~/features/comments/inbox-rules';
import { getProject } from '~/features/projects/api';
import { parseForm, replyWithApiError, useIsPending } from '~/lib/forms';
import { pageTitle } from '~/lib/i18n';
import { formAnswer, formText, handleIntents, intentOf, useIntent } from '~/lib/intents';
import { paths } from '~/lib/paths';
import { throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

export async function clientLoader({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  try {
    const [project, rules] = await Promise.all([getProject(projectId), getInboxRules(projectId)]);
    return { project, rules };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/**
 * Every change the page makes: the rule dialog's form (`save`), trying a rule on past comments
 * (`preview`, which changes nothing) and deleting one from its menu.
 */
export async function clientAction({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  if ((await intentOf(request)) === 'save') return save(request, projectId);
  return handleIntents(
    request,
    {
      preview: async (form): Promise<RulePreview> => {
        // The dialog sends only what the contract takes (it checks before sending).
        const optional = (name: string) => String(form.get(name) ?? '') || undefined;
        const body = z.parse(InboxRuleBodySchema, {
          name: optional('name'),
          words: optional('words'),
          sentiment: optional('sentiment'),
          network: optional('network'),
          actions: (optional('actions') ?? '').split(',').filter(Boolean),
        });
        return previewInboxRule(projectId, body);
      },
      delete: async (form) => {
        await deleteInboxRule(projectId, formText(form, 'id'));
        snackbar.show('inboxRules.deleted', 'success', { values: { name: formText(form, 'name') } });
      },
    },
    { 404: { key: 'inboxRules.gone' } },
  );
}

async function save(request: Request, projectId: string) {
  const submission = await parseForm(request, InboxRuleFormSchema);
  if (submission.status !== 'success') return submission.reply();
  const { ruleId, ...body } = submission.value;
  try {
    const saved = await saveInboxRule(projectId, ruleId, body);
    snackbar.show('inboxRules.saved', 'success', { values: { name: saved.name } });
  } catch (error) {
    // A full list (409) is said in the API's own words, by the form; what was typed stays.
    return replyWithApiError(request, submission, error, { 404: 'inboxRules.gone' });
  }
  return submission.reply();
}

/** What a rule looks for and does, in words: "Words: spam.example, cheap followers · Negative". */
function RuleSummary({ rule }: { rule: InboxRule }) {
  const { t } = useTranslation();
  const when = [
    rule.words.length > 0
      ? t('inboxRules.summary.words', { words: rule.words.map((word) => `“${word}”`).join(', ') })
      : null,
    rule.sentiment ? t(`ui.sentiment.${rule.sentiment}`) : null,
    rule.network ? t(`inbox.networks.${rule.network}`) : null,
  ].filter(Boolean);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="font-medium text-fg">{t('inboxRules.when')}</dt>
      <dd className="wrap-anywhere text-fg-muted">{when.join(' · ')}</dd>
      <dt className="font-medium text-fg">{t('inboxRules.then')}</dt>
      <dd className="text-fg-muted">{rule.actions.map((action) => t(`inboxRules.actions.${action}`)).join(', ')}</dd>
    </dl>
  );
}

/**
 * A project's inbox rules (docs/product.md#inbox-rules): what they look for and do, in the order
 * they apply; made and changed in the one form dialog (tried on past comments first), deleted
 * after a confirmation.
 */
export default function InboxRulesRoute() {
  const { t } = useTranslation();
  const { project, rules } = useLoaderData<typeof clientLoader>();
  const editing = useFormDialog<InboxRuleEditing>(formAnswer(useActionData<typeof clientAction>()));
  const savePending = useIsPending();
  const preview = useIntent<RulePreview>();
  // The answer to a try is the open dialog's own: one from before it opened is not shown.
  const [previewBefore, setPreviewBefore] = useState<typeof preview.result>(undefined);
  const openRule = (rule: InboxRuleEditing) => {
    setPreviewBefore(preview.result);
    editing.open(rule);
  };
  const previewResult = preview.result !== previewBefore && preview.result?.ok ? preview.result.data : null;
  const deletion = useIntent();
  const [confirming, setConfirming] = useState<{ rule: InboxRule; before: typeof deletion.result } | null>(null);
  const deleted = confirming && deletion.result !== confirming.before && deletion.result?.ok;
  const deleting = confirming && !deleted ? confirming.rule : null;
  const full = rules.length >= MAX_INBOX_RULES;
  const newButton = (
    <Button onClick={() => openRule('new')} disabled={full}>
      {t('inboxRules.new')}
    </Button>
  );
  return (
    <div className="flex flex-col gap-8">
      <Breadcrumb
        items={[
          { label: t('projects.title'), to: paths.projects() },
          { label: project.name, to: paths.projectComments(project._id) },
          { label: t('inboxRules.titleShort') },
        ]}
      />
      <PageHeader
        title={t('inboxRules.title', { name: project.name })}
        subtitle={t('inboxRules.subtitle')}
        actions={rules.length > 0 ? newButton : null}
      />
      {full ? <Alert tone="info">{t('inboxRules.full', { count: MAX_INBOX_RULES })}</Alert> : null}
      {rules.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('inboxRules.emptyTitle')}
          description={t('inboxRules.empty')}
          action={newButton}
        />
      ) : (
        <ol aria-label={t('inboxRules.listLabel')} className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
          {rules.map((rule) => (
            <li key={rule.id}>
              <Card className="h-full">
                <div className="flex h-full flex-col gap-3">
                  <div className="flex items-start gap-3">
                    <h2 className="min-w-0 flex-1 font-semibold text-fg">
                      <TruncatedText text={rule.name} />
                    </h2>
                    <AppMenu
                      label={t('inboxRules.actionsFor', { name: rule.name })}
                      iconOnly
                      size="sm"
                      items={[
                        { label: t('inboxRules.edit'), onSelect: () => openRule(rule) },
                        {
                          label: t('inboxRules.delete'),
                          onSelect: () => setConfirming({ rule, before: deletion.result }),
                          danger: true,
                        },
                      ]}
                    />
                  </div>
                  <RuleSummary rule={rule} />
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
      <InboxRuleDialog
        editing={editing.item}
        previewing={{
          submit: (values) => preview.submit('preview', values),
          pending: preview.pending !== null,
          result: previewResult,
        }}
        onClose={editing.close}
        lastResult={editing.lastResult}
        pending={savePending}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => deleting && deletion.submit('delete', { id: deleting.id, name: deleting.name })}
        title={t('inboxRules.deleteTitle')}
        confirmText={t('inboxRules.deleteConfirm')}
        tone="danger"
        pending={deletion.pending === `delete:${deleting?.id}`}
      >
        <p className="wrap-anywhere">{t('inboxRules.deleteText', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}

export function meta({ data }: { data?: { project?: { name: string } } }) {
  return data?.project
    ? [{ title: `${data.project.name} · ${pageTitle('inboxRules.titleShort')[0]!.title}` }]
    : pageTitle('inboxRules.titleShort');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
