import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '~/lib/env';
import { paths } from '~/lib/paths';

/**
 * The mark: a planet in the brand's teal with a coral moon on its orbit (Orbita). Role colours,
 * so it sits on either theme; `animated` sets the moon moving (the startup screen).
 */
export function LogoMark({ className = 'h-9', animated = false }: { className?: string; animated?: boolean }) {
  return (
    <svg viewBox="0 0 32 32" className={`w-auto ${className}`} aria-hidden="true">
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <ellipse
        cx="16"
        cy="16"
        rx="11"
        ry="5.5"
        transform="rotate(-28 16 16)"
        fill="none"
        strokeWidth="1.75"
        className="stroke-on-primary/45"
      />
      <circle cx="16" cy="16" r="5.5" className="fill-on-primary" />
      <g className={animated ? 'origin-center motion-safe:animate-orbit' : undefined}>
        <circle cx="25.2" cy="11.2" r="2.6" className="fill-accent" />
      </g>
    </svg>
  );
}

export function Logo({
  className = 'h-9',
  animated = false,
  wordmarkClassName = '',
}: {
  className?: string;
  animated?: boolean;
  /** Where the name shows (`hidden sm:inline`: the mark alone on a phone's crowded header). */
  wordmarkClassName?: string;
}) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark className="h-full" animated={animated} />
      <span className={`text-lg font-bold tracking-tight text-fg ${wordmarkClassName}`}>{APP_NAME}</span>
    </span>
  );
}

/** The logo as the way home, as every frame's header carries it. */
export function HomeLogoLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.home()} aria-label={t('nav.home')} className="focus-ring rounded-md">
      <Logo wordmarkClassName={compact ? 'hidden sm:inline' : ''} />
    </Link>
  );
}
