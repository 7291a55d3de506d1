import { useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_MAILS, SPIKE_FACTOR, SPIKE_MINIMUM, type AlertMail } from '~contract/notifications';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { AppForm } from '~/components/ui/app-form';
import { Card } from '~/components/ui/card';
import { FormSubmit } from '~/components/ui/form-submit';
import { PageHeader } from '~/components/ui/page-header';
import { RadioGroup } from '~/components/ui/radio-group';
import { Select } from '~/components/ui/select';
import { AlertSettingsFormSchema, getAlertSettings, saveAlertSettings } from '~/features/alerts/settings';
import { requireUser } from '~/features/auth/guards';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { pageTitle } from '~/lib/i18n';
import { throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  try {
    return { settings: await getAlertSettings() };
  } catch (error) {
    throwRouteError(error, request);
  }
}

export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  const submission = await parseForm(request, AlertSettingsFormSchema);
  if (submission.status !== 'success') return submission.reply();
  try {
    await saveAlertSettings(submission.value);
  } catch (error) {
    // A project deleted in another tab: said by the form, what was chosen kept.
    return replyWithApiError(request, submission, error, { 404: 'alertSettings.gone' });
  }
  snackbar.show('alertSettings.saved', 'success');
  return submission.reply();
}

/**
 * How alerts are mailed (docs/product.md#alerts): the bell tells every one as it happens; by mail
 * they come at once, as an hourly digest or never, for every project, and a project may have its
 * own way. One form, sent whole.
 */
export default function AlertSettingsRoute() {
  const { t } = useTranslation();
  const { settings } = useLoaderData<typeof clientLoader>();
  const [form, fields] = useAppForm(AlertSettingsFormSchema, {
    id: 'alert-settings',
    lastResult: useActionData<typeof clientAction>(),
    defaultValue: {
      mail: settings.mail,
      projects: settings.projects.map((project) => ({ id: project.id, mail: project.mail ?? undefined })),
    },
  });
  const [mail, setMail] = useState<AlertMail>(settings.mail);
  const pending = useIsPending();
  const projectFields = fields.projects.getFieldList();
  const mailLabel = (value: AlertMail) => t(`alertSettings.mail.${value}`);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('alertSettings.title')} subtitle={t('alertSettings.subtitle')} />
      <AppForm form={form} aria-describedby="alert-settings-status" className="flex max-w-3xl flex-col gap-6">
        <Card headingLevel={2} title={t('alertSettings.what')}>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-fg-muted">
            <li>{t('alertSettings.whatNegative')}</li>
            <li>{t('alertSettings.whatSpike', { count: SPIKE_MINIMUM, factor: SPIKE_FACTOR })}</li>
            <li>{t('alertSettings.whatRule')}</li>
          </ul>
        </Card>
        <Card headingLevel={2} title={t('alertSettings.allTitle')} description={t('alertSettings.allHint')}>
          <RadioGroup
            label={t('alertSettings.allLabel')}
            variant="cards"
            name={fields.mail.name}
            form={form.id}
            value={mail}
            onChange={(value) => setMail(value as AlertMail)}
            options={ALERT_MAILS.map((value) => ({
              value,
              label: mailLabel(value),
              description: t(`alertSettings.mailHint.${value}`),
            }))}
            errors={fields.mail.errors}
          />
        </Card>
        <Card headingLevel={2} title={t('alertSettings.eachTitle')} description={t('alertSettings.eachHint')}>
          {settings.projects.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('alertSettings.noProjects')}</p>
          ) : (
            <ul aria-label={t('alertSettings.eachTitle')} className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {settings.projects.map((project, index) => {
                const each = projectFields[index]!.getFieldset();
                return (
                  <li key={project.id}>
                    <input type="hidden" name={each.id.name} value={project.id} form={form.id} />
                    <Select
                      label={t('alertSettings.projectLabel', { project: project.name })}
                      name={each.mail.name}
                      form={form.id}
                      defaultValue={project.mail ?? ''}
                      options={[
                        { value: '', label: t('alertSettings.sameAsAll', { mail: mailLabel(mail) }) },
                        ...ALERT_MAILS.map((value) => ({ value, label: mailLabel(value) })),
                      ]}
                      errors={each.mail.errors}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        <FormSubmit
          statusId="alert-settings-status"
          pending={pending}
          pendingText={t('alertSettings.saving')}
          submitText={t('alertSettings.save')}
          errors={form.errors}
        />
      </AppForm>
    </div>
  );
}

export function meta() {
  return pageTitle('alertSettings.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
