import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/components/ui/field';

// Each form's own schema is the field's form; only the field's value and errors matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TextFieldMetadata = FieldMetadata<string, any, string[]>;

/**
 * First name, last name and email, as sign-up asks them and the account page edits the names
 * (its address changes apart, with the password): the same labels, autocomplete hints and
 * layout (the names side by side from `sm`).
 */
export function NameAndEmailFields({
  fields,
  autoFocus = false,
}: {
  fields: { firstName: TextFieldMetadata; lastName: TextFieldMetadata; email?: TextFieldMetadata };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('form.firstName')}
          inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name', autoFocus }}
          errors={fields.firstName.errors}
        />
        <Field
          label={t('form.lastName')}
          inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
          errors={fields.lastName.errors}
        />
      </div>
      {fields.email ? (
        <Field
          label={t('form.email')}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
      ) : null}
    </>
  );
}
