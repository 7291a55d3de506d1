import { getInputProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { Button } from '~/components/ui/button';
import { FormDialog, formResult, type DialogFormProps } from '~/components/ui/dialog';
import { FormSubmit } from '~/components/ui/form-submit';
import { useAppForm } from '~/lib/forms';
import { RenameProjectSchema, type Project } from './api';
import { ProjectNameField } from './project-name-field';

/**
 * Renaming a project: the one form pattern (conform, the API's own name rule) in the one dialog,
 * posted to the projects route's action as its `rename` intent (docs/decisions/035-one-way-to-change-data.md).
 * What the user typed stays when the API refuses it.
 */
export function RenameProjectDialog({
  project,
  onClose,
  lastResult,
  pending,
}: { project: Project | null } & DialogFormProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      item={project}
      itemKey={(each) => each._id}
      title={() => t('projects.renameTitle')}
      pending={pending}
      onClose={onClose}
    >
      {(each) => <RenameForm project={each} onClose={onClose} lastResult={lastResult} pending={pending} />}
    </FormDialog>
  );
}

function RenameForm({ project, onClose, lastResult, pending }: { project: Project } & DialogFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useAppForm(RenameProjectSchema, {
    id: `rename-${project._id}`,
    lastResult: formResult(lastResult),
    defaultValue: { name: project.name, projectId: project._id },
  });
  return (
    <AppForm form={form} aria-describedby="rename-project-status" className="mt-2 flex flex-col gap-5">
      <input type="hidden" name="intent" value="rename" />
      <input {...getInputProps(fields.projectId, { type: 'hidden' })} />
      <ProjectNameField field={fields.name} />
      <FormSubmit
        statusId="rename-project-status"
        pending={pending}
        pendingText={t('projects.renaming')}
        submitText={t('projects.rename')}
        errors={form.errors}
      />
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
    </AppForm>
  );
}
