import { useTranslation } from 'react-i18next';
import { textLinkClass } from './ui/text-link';
import { APP_NAME, env } from '~/lib/env';

/** The foot of every public page: the legal links a visitor looks for before signing up. */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-fg-muted sm:px-6 lg:px-8">
      <p>© {APP_NAME}</p>
      <nav aria-label={t('footer.label')}>
        <ul className="flex gap-4">
          <li>
            <a href={env.termsUrl} target="_blank" rel="noreferrer" className={textLinkClass}>
              {t('footer.terms')}
            </a>
          </li>
          <li>
            <a href={env.privacyUrl} target="_blank" rel="noreferrer" className={textLinkClass}>
              {t('footer.privacy')}
            </a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
