import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/components/ui/field';

/** A project's name, as creating and renaming ask for it (the API's rule: `ProjectBodySchema`). */
export function ProjectNameField({ field }: { field: FieldMetadata<string> }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('projects.name')}
      hint={t('projects.nameHint')}
      inputProps={{ ...getInputProps(field, { type: 'text' }), autoFocus: true, autoComplete: 'off' }}
      errors={field.errors}
    />
  );
}
