import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/ui/alert';
import { FacebookButton } from './facebook-button';
import type { FacebookPurpose } from './facebook';

/**
 * Facebook came back without the email permission (docs/product.md#sign-in-with-facebook): say so,
 * and offer to grant it.
 */
export function FacebookProblemNotice({
  purpose,
  returnUrl,
  coupon,
}: {
  purpose: FacebookPurpose;
  returnUrl?: string;
  coupon?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert tone="warning" title={t('facebook.emailMissingTitle')} className="mb-6">
      <p>{t('facebook.emailMissingText')}</p>
      <div className="mt-3">
        <FacebookButton
          label={t('facebook.grantEmail')}
          purpose={purpose}
          returnUrl={returnUrl}
          coupon={coupon}
          rerequest
          variant="secondary"
        />
      </div>
    </Alert>
  );
}
