import { getInputProps } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { FormDialog } from '~/components/ui/dialog';
import { PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { DeleteAccountSchema } from '../account-schemas';
import { useAppForm } from '~/lib/forms';
import { usePendingIntent, useResultOf } from './answers';

export function DeleteCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pending = usePendingIntent() === 'delete';
  const goes = ['projects', 'accounts', 'reports', 'account'] as const;
  return (
    <Card headingLevel={2} title={t('account.delete.title')} className="ring-danger/40">
      <div className="flex flex-col gap-4 text-sm">
        <p>{t('account.delete.intro')}</p>
        <ul className="list-disc pl-5 text-fg-muted">
          {goes.map((each) => (
            <li key={each}>{t(`account.delete.goes.${each}`)}</li>
          ))}
        </ul>
        <p className="text-fg-muted">{t('account.delete.keeps')}</p>
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t('account.delete.open')}
          </Button>
        </div>
      </div>
      <FormDialog
        item={open ? 'account' : null}
        itemKey={(each) => each}
        title={() => t('account.delete.dialogTitle')}
        pending={pending}
        onClose={() => setOpen(false)}
      >
        {() => <DeleteForm pending={pending} onClose={() => setOpen(false)} />}
      </FormDialog>
    </Card>
  );
}

function DeleteForm({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, fields] = useAppForm(DeleteAccountSchema, {
    id: 'account-delete',
    lastResult: useResultOf('delete'),
    defaultValue: { intent: 'delete' },
  });
  return (
    <AppForm form={form} aria-describedby="account-delete-status" className="mt-2 flex flex-col gap-5">
      <p className="text-sm text-fg-muted">{t('account.delete.dialogText')}</p>
      <input {...getInputProps(fields.intent, { type: 'hidden' })} />
      <PasswordField
        label={t('form.password')}
        hint={t('account.delete.passwordHint')}
        inputProps={{
          ...getInputProps(fields.password, { type: 'password' }),
          autoComplete: 'current-password',
          autoFocus: true,
        }}
        errors={fields.password.errors}
      />
      <FormSubmit
        statusId="account-delete-status"
        pending={pending}
        pendingText={t('account.delete.deleting')}
        submitText={t('account.delete.confirm')}
        errors={form.errors}
        variant="danger"
      />
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
    </AppForm>
  );
}
