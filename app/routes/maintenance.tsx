import { useTranslation } from 'react-i18next';
import { Logo } from '~/components/ui/logo';

/** Where any 503 sends the user (spec §8); open to everybody. */
export default function MaintenanceRoute() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      <h1 className="text-2xl font-bold">{t('maintenance.title')}</h1>
      <p className="max-w-md text-slate-700">{t('maintenance.text')}</p>
    </main>
  );
}
