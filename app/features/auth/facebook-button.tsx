import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { BrandMark } from '~/components/ui/brand-mark';
import { useIntent } from '~/lib/intents';
import { FACEBOOK_INTENT } from './facebook';

/**
 * Sign-in / sign-up through Facebook: the page's `facebook` intent, which sends the browser to
 * Facebook's login dialog (./facebook.ts `facebookIntents`); the page's clientAction knows what to
 * come back to. `rerequest` asks again for the email permission the person declined. Busy from
 * the click until the browser has left.
 */
export function FacebookButton({
  label,
  rerequest = false,
  variant = 'facebook',
}: {
  label: string;
  rerequest?: boolean;
  variant?: 'facebook' | 'secondary';
}) {
  const { t } = useTranslation();
  const { submit, pending } = useIntent();
  const busy = pending === FACEBOOK_INTENT;
  return (
    <Button
      variant={variant}
      size="lg"
      className="w-full"
      onClick={() => submit(FACEBOOK_INTENT, rerequest ? { rerequest: 'true' } : {})}
      pending={busy}
    >
      <BrandMark brand="facebook" mono={variant === 'facebook'} className="size-5" />
      {busy ? t('facebook.pending') : label}
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
