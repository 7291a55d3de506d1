import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sentiment } from '~contract/fields';

/**
 * A short label on something: its state, its kind, a count. Tones say what the label means
 * (danger is for what needs attention, not for decoration); each is a soft background with its
 * own text colour, both roles, so it reads in both themes.
 */
const tones = {
  neutral: 'bg-muted text-fg-muted',
  primary: 'bg-primary-soft text-primary',
  success: 'bg-success-soft text-success-fg',
  warning: 'bg-warning-soft text-warning-fg',
  danger: 'bg-danger-soft text-danger-fg',
  info: 'bg-info-soft text-info-fg',
} as const;

const sizes = {
  sm: 'gap-1 px-2 py-0.5 text-xs',
  md: 'gap-1.5 px-2.5 py-1 text-sm',
} as const;

export type BadgeTone = keyof typeof tones;
export type BadgeSize = keyof typeof sizes;
export const BADGE_TONES = Object.keys(tones) as BadgeTone[];

function badgeClass(size: BadgeSize, colours: string, extra: string) {
  // The ring takes the text's own colour, faintly: an edge on any background, in either theme.
  return `inline-flex max-w-full items-center rounded-full font-medium whitespace-nowrap ring-1 ring-current/15 ring-inset ${sizes[size]} ${colours} ${extra}`;
}

export function Badge({
  tone = 'neutral',
  size = 'sm',
  icon,
  className = '',
  children,
}: {
  tone?: BadgeTone;
  size?: BadgeSize;
  /** Before the words; decorative (the words say it). */
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={badgeClass(size, tones[tone], className)}>
      {icon}
      <span className="truncate">{children}</span>
    </span>
  );
}

// Whole class names, so Tailwind finds them: a soft background, its text, and the dot's colour.
const sentimentColours: Record<Sentiment, { badge: string; dot: string }> = {
  POSITIVE: { badge: 'bg-sentiment-positive-soft text-sentiment-positive-fg', dot: 'bg-sentiment-positive' },
  MIXED: { badge: 'bg-sentiment-mixed-soft text-sentiment-mixed-fg', dot: 'bg-sentiment-mixed' },
  NEGATIVE: { badge: 'bg-sentiment-negative-soft text-sentiment-negative-fg', dot: 'bg-sentiment-negative' },
  NEUTRAL: { badge: 'bg-sentiment-neutral-soft text-sentiment-neutral-fg', dot: 'bg-sentiment-neutral' },
  UNCLASSIFIED: {
    badge: 'bg-sentiment-unclassified-soft text-sentiment-unclassified-fg',
    dot: 'bg-sentiment-unclassified',
  },
};

/**
 * One sentiment, always the same colour wherever it shows (lists, charts, the review table). The
 * word is said, not only the colour, so it reads without colour vision too.
 */
export function SentimentBadge({
  sentiment,
  size = 'sm',
  className = '',
}: {
  sentiment: Sentiment;
  size?: BadgeSize;
  className?: string;
}) {
  const { t } = useTranslation();
  const colours = sentimentColours[sentiment];
  return (
    <span className={badgeClass(size, colours.badge, className)}>
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${colours.dot}`} />
      <span className="truncate">{t(`ui.sentiment.${sentiment}`)}</span>
    </span>
  );
}
