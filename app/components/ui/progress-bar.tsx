import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '~/lib/format';

const tones = {
  primary: 'bg-primary',
  success: 'bg-success',
  danger: 'bg-danger',
} as const;

export type ProgressTone = keyof typeof tones;

/**
 * Where `value` stands between 0 and `max`, kept inside them: a caller's count may overshoot
 * (a retry counted twice) or be missing, and a bar past its end or a NaN width reads as a bug.
 * A `max` that is not a positive number counts as 100.
 */
export function progressValue(value: number, max = 100) {
  const top = Number.isFinite(max) && max > 0 ? max : 100;
  const now = Number.isFinite(value) ? Math.min(Math.max(value, 0), top) : 0;
  return { now, max: top, fraction: now / top };
}

/**
 * How far along something is, with its name always on screen. `value` out of `max` (100 by
 * default) is shown as a percentage in the language on screen; without a value it is
 * indeterminate (working, amount unknown), which has no number to show or announce.
 */
export function ProgressBar({
  label,
  value,
  max = 100,
  tone = 'primary',
  className = '',
}: {
  label: string;
  value?: number;
  max?: number;
  tone?: ProgressTone;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const labelId = useId();
  const indeterminate = value === undefined;
  const progress = progressValue(value ?? 0, max);
  const percent = numberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 0 }).format(
    progress.fraction,
  );
  return (
    <div className={`flex w-full min-w-0 flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="min-w-0 font-medium wrap-anywhere text-fg">
          {label}
        </span>
        {indeterminate ? null : <span className="shrink-0 text-fg-muted tabular-nums">{percent}</span>}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={indeterminate ? undefined : 0}
        aria-valuemax={indeterminate ? undefined : progress.max}
        aria-valuenow={indeterminate ? undefined : progress.now}
        aria-valuetext={indeterminate ? undefined : percent}
        className="relative h-2 overflow-hidden rounded-full bg-line"
      >
        {indeterminate ? (
          // A segment sweeping across; with reduced motion it stays put at the start.
          <div
            className={`absolute inset-y-0 left-0 w-2/5 rounded-full motion-safe:animate-indeterminate ${tones[tone]}`}
          />
        ) : (
          <div
            className={`h-full rounded-full motion-safe:transition-[width] motion-safe:duration-300 ${tones[tone]}`}
            style={{ width: `${progress.fraction * 100}%` }}
          />
        )}
      </div>
    </div>
  );
}
