import { getInputProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { Card } from '~/components/ui/card';
import { FormSubmit } from '~/components/ui/form-submit';
import { ProfileSchema } from '../account-schemas';
import { NameAndEmailFields } from '../name-and-email-fields';
import { useSignedInUser } from '../use-signed-in-user';
import { useAppForm } from '~/lib/forms';
import { useAnswerOf, usePendingIntent } from './answers';

export function ProfileCard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const answer = useAnswerOf('profile');
  // A save resets the form to the names as kept, which its answer brings.
  const names = answer?.savedNames ?? user;
  const [form, fields] = useAppForm(ProfileSchema, {
    id: 'account-profile',
    lastResult: answer?.result,
    defaultValue: { intent: 'profile', firstName: names.firstName, lastName: names.lastName },
  });
  const pending = usePendingIntent() === 'profile';
  return (
    <Card headingLevel={2} title={t('account.profile.title')}>
      <AppForm form={form} aria-describedby="account-profile-status" className="flex flex-col gap-5">
        <input {...getInputProps(fields.intent, { type: 'hidden' })} />
        <NameAndEmailFields fields={{ firstName: fields.firstName, lastName: fields.lastName }} />
        <FormSubmit
          statusId="account-profile-status"
          pending={pending}
          pendingText={t('account.profile.saving')}
          submitText={t('account.profile.save')}
          errors={form.errors}
        />
      </AppForm>
    </Card>
  );
}
