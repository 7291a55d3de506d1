import type { ReactNode } from 'react';

/**
 * A panel of related content on the canvas: a surface with a hairline edge. The header (title,
 * a line of description, actions on the right) and the footer (actions, a note) are optional;
 * without them a card is only its body.
 */
export function Card({
  title,
  description,
  actions,
  footer,
  headingLevel = 3,
  padded = true,
  className = '',
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  /** Beside the title (buttons, a menu); they wrap under it on a narrow card. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** The title's heading level, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** `false` for a body that runs to the edges (a table, a list with its own dividers). */
  padded?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const header = title || description || actions;
  return (
    <div className={`flex min-w-0 flex-col rounded-xl bg-surface text-fg shadow-xs ring-1 ring-line ${className}`}>
      {header ? (
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 border-b border-line px-6 py-4">
          <div className="min-w-0 flex-1 basis-48">
            {title ? <Heading className="text-base font-semibold break-words text-fg">{title}</Heading> : null}
            {description ? <p className="mt-1 text-sm break-words text-fg-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children ? <div className={`min-w-0 flex-1 ${padded ? 'px-6 py-5' : ''}`}>{children}</div> : null}
      {footer ? (
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line px-6 py-3">{footer}</div>
      ) : null}
    </div>
  );
}
