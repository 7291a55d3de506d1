import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';

/**
 * Sign-in / sign-up through Facebook. Until the integrations work lands it explains that the
 * option is coming, rather than being a dead button.
 */
export function FacebookButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="facebook" className="w-full" onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
          <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21h2.9z" />
        </svg>
        {label}
      </Button>
      <AppDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('facebook.comingSoonTitle')}
        actions={
          <Button variant="primary" onClick={() => setOpen(false)}>
            {t('common.ok')}
          </Button>
        }
      >
        <p>{t('facebook.comingSoonText')}</p>
      </AppDialog>
    </>
  );
}

export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-600" role="separator" aria-label={t('common.or')}>
      <span className="h-px flex-1 bg-slate-300" />
      <span aria-hidden="true">{t('common.or')}</span>
      <span className="h-px flex-1 bg-slate-300" />
    </div>
  );
}
