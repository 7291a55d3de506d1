import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';
import { BrandMark } from '~/components/ui/brand-mark';

/**
 * Sign-in / sign-up through Facebook. Until the integrations work lands it explains that the
 * option is coming, rather than being a dead button.
 */
export function FacebookButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="facebook" size="lg" className="w-full" onClick={() => setOpen(true)}>
        <BrandMark brand="facebook" mono className="size-5" />
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
    <div
      className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-fg-muted uppercase"
      role="separator"
      aria-label={t('common.or')}
    >
      <span className="h-px flex-1 bg-line" />
      <span aria-hidden="true">{t('common.or')}</span>
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
