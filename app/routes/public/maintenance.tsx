import { useTranslation } from 'react-i18next';
import { PublicPage } from '~/components/public-page';
import { pageTitle } from '~/lib/i18n';

/** Where any 503 sends the user (spec §8); open to everybody. */
export default function MaintenanceRoute() {
  const { t } = useTranslation();
  return (
    <PublicPage>
      <h1 className="text-2xl font-bold">{t('maintenance.title')}</h1>
      <p className="max-w-md text-fg-muted">{t('maintenance.text')}</p>
    </PublicPage>
  );
}

export function meta() {
  return pageTitle('maintenance.title');
}
