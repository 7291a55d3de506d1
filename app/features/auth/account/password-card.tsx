import { getInputProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { Card } from '~/components/ui/card';
import { PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { ChangePasswordSchema } from '../account-schemas';
import { PasswordRequirements } from '../password-requirements';
import { useAppForm } from '~/lib/forms';
import { usePendingIntent, useResultOf } from './answers';

export function PasswordCard() {
  const { t } = useTranslation();
  const [form, fields] = useAppForm(ChangePasswordSchema, {
    id: 'account-password',
    lastResult: useResultOf('password'),
    defaultValue: { intent: 'password' },
  });
  const pending = usePendingIntent() === 'password';
  return (
    <Card headingLevel={2} title={t('account.password.title')} description={t('account.password.intro')}>
      <AppForm form={form} aria-describedby="account-password-status" className="flex flex-col gap-5">
        <input {...getInputProps(fields.intent, { type: 'hidden' })} />
        <PasswordField
          label={t('account.password.current')}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.currentPassword.errors}
        />
        <PasswordField
          label={t('form.newPassword')}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.password.errors}
          hint={<PasswordRequirements password={fields.password.value ?? ''} />}
        />
        <FormSubmit
          statusId="account-password-status"
          pending={pending}
          pendingText={t('account.password.changing')}
          submitText={t('account.password.change')}
          errors={form.errors}
        />
      </AppForm>
    </Card>
  );
}
