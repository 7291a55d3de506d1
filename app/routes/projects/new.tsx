import { redirect, useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { AppForm } from '~/components/ui/app-form';
import { Card } from '~/components/ui/card';
import { FormSubmit } from '~/components/ui/form-submit';
import { PageHeader } from '~/components/ui/page-header';
import { TextLink } from '~/components/ui/text-link';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { createProject, NewProjectSchema } from '~/features/projects/api';
import { ProjectNameField } from '~/features/projects/project-name-field';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { snackbar } from '~/lib/snackbar';

/**
 * A new project (docs/product.md#projects): the landing page after a Facebook sign-up, and where
 * the projects list's call to action leads. A name is all a project needs to start; its channels
 * are attached on its own page, where a new project goes next: a project follows nothing until
 * then, and the page says so.
 */
export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  return null;
}

export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  const submission = await parseForm(request, NewProjectSchema);
  if (submission.status !== 'success') return submission.reply();
  let projectId: string;
  try {
    const project = await createProject(submission.value);
    projectId = project._id;
    snackbar.show('projects.createdMessage', 'success', { values: { name: project.name } });
  } catch (error) {
    return replyWithApiError(request, submission, error);
  }
  throw redirect(paths.projectChannels(projectId));
}

export default function NewProjectRoute() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const lastResult = useActionData<typeof clientAction>();
  const [form, fields] = useAppForm(NewProjectSchema, { id: 'new-project', lastResult });
  const pending = useIsPending();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title={t('projects.newTitle')} subtitle={t('projects.newSubtitle', { name: user.firstName })} />
      <Card>
        <AppForm form={form} aria-describedby="new-project-status" className="flex flex-col gap-5">
          <ProjectNameField field={fields.name} />
          <FormSubmit
            statusId="new-project-status"
            pending={pending}
            pendingText={t('projects.creating')}
            submitText={t('projects.create')}
            errors={form.errors}
          />
        </AppForm>
      </Card>
      <p className="text-sm">
        <TextLink to={paths.projects()}>{t('projects.backToList')}</TextLink>
      </p>
    </div>
  );
}

export function meta() {
  return pageTitle('projects.newTitle');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
