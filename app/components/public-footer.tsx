import { useTranslation } from 'react-i18next';
import { textLinkClass } from './ui/text-link';
import { APP_NAME, env } from '~/lib/env';

/** The column a footer lines up with: the guest pages' (the default), or a public report's. */
const columns = {
  guest: 'max-w-6xl px-4 sm:px-6 lg:px-8',
  report: 'max-w-5xl px-4 sm:px-6',
} as const;

/** The foot of every public page: the legal links a visitor looks for before signing up. */
export function PublicFooter({ column = 'guest' }: { column?: keyof typeof columns }) {
  const { t } = useTranslation();
  return (
    <footer
      className={`mx-auto flex w-full flex-wrap items-center justify-between gap-3 py-6 text-sm text-fg-muted ${columns[column]}`}
    >
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
