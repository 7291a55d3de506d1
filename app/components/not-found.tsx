import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ui/button';
import { Logo } from './ui/logo';

/** The not-found page (spec §2): for /404 and every unknown path. */
export function NotFound({ withButton = true }: { withButton?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      <p className="text-6xl font-black text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-700">{t('notFound.text')}</p>
      {withButton ? <ButtonLink to="/">{t('notFound.backToDashboard')}</ButtonLink> : null}
    </main>
  );
}
