import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '~/lib/env';
import { paths } from '~/lib/paths';

export function Logo({ className = 'h-9' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="h-full w-auto" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path
          d="M9 17c3 5 11 5 14 0M11 12h.01M21 12h.01"
          stroke="white"
          strokeWidth="2.5"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      <span className="text-lg font-bold tracking-tight text-slate-900">{APP_NAME}</span>
    </span>
  );
}

/** The logo as the way home, as every frame's header carries it. */
export function HomeLogoLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home()}
      aria-label={t('nav.home')}
      className="rounded focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <Logo />
    </Link>
  );
}
