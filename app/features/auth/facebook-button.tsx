import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { BrandMark } from '~/components/ui/brand-mark';
import { HttpError } from '~/lib/http';
import { snackbar } from '~/lib/snackbar';
import { startFacebook, type FacebookPurpose } from './facebook';

/**
 * Sign-in / sign-up through Facebook: to Facebook's login dialog and back (./facebook.ts).
 * `rerequest` asks again for the email permission the person declined.
 */
export function FacebookButton({
  label,
  purpose,
  returnUrl,
  coupon,
  rerequest = false,
  variant = 'facebook',
}: {
  label: string;
  purpose: FacebookPurpose;
  returnUrl?: string;
  coupon?: string;
  rerequest?: boolean;
  variant?: 'facebook' | 'secondary';
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  async function start() {
    setPending(true);
    try {
      await startFacebook(purpose, { returnUrl, coupon }, rerequest);
    } catch (error) {
      setPending(false);
      const words = error instanceof HttpError ? error.body?.message : undefined;
      snackbar.show(words ? { text: words } : 'facebook.error', 'error');
    }
  }
  return (
    <Button variant={variant} size="lg" className="w-full" onClick={() => void start()} pending={pending}>
      <BrandMark brand="facebook" mono={variant === 'facebook'} className="size-5" />
      {pending ? t('facebook.pending') : label}
    </Button>
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
