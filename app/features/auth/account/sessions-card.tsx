import { useSubmit } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/dialog';
import { useMessage } from '~/lib/i18n';
import { usePendingIntent, useResultOf } from './answers';

export function SessionsCard() {
  const { t } = useTranslation();
  const message = useMessage();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const pending = usePendingIntent() === 'everywhere';
  const result = useResultOf('everywhere');
  // A refusal has no field to sit by: it is the form's own error.
  const refusal = result?.error?.[''] ?? [];
  return (
    <Card headingLevel={2} title={t('account.sessions.title')} description={t('account.sessions.intro')}>
      {refusal.length ? (
        <Alert tone="danger" live className="mb-4">
          {refusal.map((each) => message(each)).join(' ')}
        </Alert>
      ) : null}
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('account.sessions.signOutEverywhere')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          submit({ intent: 'everywhere' }, { method: 'post' });
          setConfirming(false);
        }}
        title={t('account.sessions.confirmTitle')}
        confirmText={t('account.sessions.signOutEverywhere')}
        pending={pending}
      >
        {t('account.sessions.confirmText')}
      </ConfirmDialog>
    </Card>
  );
}
