import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '~/components/ui/alert';
import { TextLink } from '~/components/ui/text-link';
import { paths } from '~/lib/paths';
import { FacebookButton } from './facebook-button';
import type { FacebookProblem } from './facebook';

/**
 * Facebook came back without the email permission (docs/product.md#sign-in-with-facebook): say so,
 * and offer to grant it.
 */
export function FacebookProblemNotice() {
  const { t } = useTranslation();
  return (
    <Alert tone="warning" title={t('facebook.emailMissingTitle')} className="mb-6">
      <p>{t('facebook.emailMissingText')}</p>
      <div className="mt-3">
        <FacebookButton label={t('facebook.grantEmail')} rerequest variant="secondary" />
      </div>
    </Alert>
  );
}

/**
 * A Facebook sign-up whose address already has an account this Facebook account is not
 * connected to: said above the form, with the ways into that account.
 */
export function FacebookEmailTakenNotice() {
  const { t } = useTranslation();
  return (
    <Alert tone="info" title={t('facebook.emailTakenTitle')} className="mb-6">
      <p>
        <Trans
          i18nKey="facebook.emailTakenText"
          components={{ signIn: <TextLink to={paths.login()} />, reset: <TextLink to={paths.forgotPassword()} /> }}
        />
      </p>
    </Alert>
  );
}

/**
 * The notice a Facebook return left for the page, if any. The pages load this module only when
 * there is one (`lazy`), so their first load does not carry it (docs/decisions/021).
 */
export default function FacebookNotice({ problem }: { problem: FacebookProblem }) {
  if (problem === 'emailTaken') return <FacebookEmailTakenNotice />;
  if (problem === 'emailMissing') return <FacebookProblemNotice />;
  return null;
}
