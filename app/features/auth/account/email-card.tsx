import { getInputProps } from '@conform-to/react';
import { useSubmit } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/ui/alert';
import { AppForm } from '~/components/ui/app-form';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Field, PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { EmailChangeSchema } from '../account-schemas';
import { useSignedInUser } from '../use-signed-in-user';
import { useAppForm } from '~/lib/forms';
import { useMessage } from '~/lib/i18n';
import { usePendingIntent, useResultOf } from './answers';

/**
 * The address is the key to the account: a new one needs the password, and the account keeps
 * the old one (and signs in with it) until the link mailed to the new one is opened. A change
 * waiting says so, with a way to cancel it; sending the form again sends a new link.
 */
export function EmailCard() {
  const { t } = useTranslation();
  const message = useMessage();
  const submit = useSubmit();
  const user = useSignedInUser();
  const pendingIntent = usePendingIntent();
  const result = useResultOf('email');
  const [form, fields] = useAppForm(EmailChangeSchema, {
    id: 'account-email',
    lastResult: result,
    defaultValue: { intent: 'email', email: user.pendingEmail?.email ?? '' },
  });
  const cancelRefusal = useResultOf('cancelEmail')?.error?.[''] ?? [];
  const waiting = user.pendingEmail;
  return (
    <Card headingLevel={2} title={t('account.email.title')} description={t('account.email.intro')}>
      <p className="mb-4 text-sm">
        {t('account.email.current')} <strong className="break-all">{user.email}</strong>
      </p>
      {waiting ? (
        <Alert
          tone="info"
          title={t('account.email.pendingTitle')}
          className="mb-4"
          action={
            <Button
              variant="secondary"
              disabled={pendingIntent === 'cancelEmail'}
              onClick={() => submit({ intent: 'cancelEmail' }, { method: 'post' })}
            >
              {t('account.email.cancel')}
            </Button>
          }
        >
          <p>{t('account.email.pendingText', { pending: waiting.email, current: user.email })}</p>
          <p className="mt-1">{t('account.email.pendingAgain')}</p>
        </Alert>
      ) : null}
      {cancelRefusal.length ? (
        <Alert tone="danger" live className="mb-4">
          {cancelRefusal.map((each) => message(each)).join(' ')}
        </Alert>
      ) : null}
      <AppForm form={form} aria-describedby="account-email-status" className="flex flex-col gap-5">
        <input {...getInputProps(fields.intent, { type: 'hidden' })} />
        <Field
          label={t('account.email.new')}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <PasswordField
          label={t('form.password')}
          hint={t('account.email.passwordHint')}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.currentPassword.errors}
        />
        <FormSubmit
          statusId="account-email-status"
          pending={pendingIntent === 'email'}
          pendingText={t('account.email.sending')}
          submitText={t('account.email.send')}
          errors={form.errors}
        />
      </AppForm>
    </Card>
  );
}
