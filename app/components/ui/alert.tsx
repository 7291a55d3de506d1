import type { ReactNode } from 'react';
import { StrokeIcon } from './icon';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

const toneClass: Record<AlertTone, string> = {
  info: 'bg-info-soft text-info-fg',
  success: 'bg-success-soft text-success-fg',
  warning: 'bg-warning-soft text-warning-fg',
  danger: 'bg-danger-soft text-danger-fg',
};

const iconPaths: Record<AlertTone, ReactNode> = {
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </>
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8.5 12.5 2.5 2.5 4.5-5" />
    </>
  ),
  warning: (
    <>
      <path d="M10.3 4.2 2.9 17a2 2 0 0 0 1.7 3h14.8a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9.5v4M12 17h.01" />
    </>
  ),
  danger: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5M12 16h.01" />
    </>
  ),
};

/**
 * The mark of a tone (alerts, snackbars). Decorative: the words say what happened, the shape
 * only helps the eye, and it is not the colour alone that tells the tones apart.
 */
export function ToneIcon({ tone, className = 'size-5' }: { tone: AlertTone; className?: string }) {
  return <StrokeIcon className={`shrink-0 ${className}`}>{iconPaths[tone]}</StrokeIcon>;
}

/**
 * A message that belongs to its place on the page (a form's failure, a notice above a table).
 * Plain by default: text that is there when the page renders is read with the page. `live`
 * makes it an alert, for a message that appears after the user did something and must be heard
 * at once; say so only then, or screen readers interrupt the reader on every render.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  action,
  live = false,
  className = '',
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link that deals with it ("Retry"); shown beside the text, below it on a phone. */
  action?: ReactNode;
  live?: boolean;
  className?: string;
}) {
  return (
    <div
      role={live ? 'alert' : undefined}
      className={`flex gap-3 rounded-lg p-4 text-sm ring-1 ring-current/15 ring-inset ${toneClass[tone]} ${className}`}
    >
      <ToneIcon tone={tone} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 wrap-anywhere">
          {title ? <p className="font-semibold">{title}</p> : null}
          {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
    </div>
  );
}
