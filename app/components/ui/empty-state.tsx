import type { ReactNode } from 'react';

/**
 * What a screen, list or table shows when it has nothing yet: what would be here, and, where the
 * user can change that, the one thing to do next (a call to action, usually a ButtonLink).
 * `compact` fits inside a table row or a small panel.
 */
export function EmptyState({
  title,
  description,
  icon = <InboxIcon />,
  action,
  compact = false,
  headingLevel = 3,
  className = '',
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative: the title says it. `null` for none. */
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  /** A heading fitting the page's outline; a compact one (inside a table) is plain text. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Title = compact ? 'p' : (`h${headingLevel}` as const);
  return (
    <div
      className={`flex flex-col items-center text-center ${compact ? 'gap-1 px-4 py-6' : 'gap-2 px-6 py-12'} ${className}`}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className={
            compact
              ? 'mb-1 text-fg-subtle [&>svg]:size-6'
              : 'mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary [&>svg]:size-6'
          }
        >
          {icon}
        </div>
      ) : null}
      <Title className={`font-semibold break-words text-fg ${compact ? 'text-sm' : 'text-base'}`}>{title}</Title>
      {description ? <p className="max-w-sm text-sm break-words text-fg-muted">{description}</p> : null}
      {action ? <div className={compact ? 'mt-3' : 'mt-4'}>{action}</div> : null}
    </div>
  );
}

/** The default picture of "nothing here": an empty tray. */
export function InboxIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M2.25 13.5h3.86a2.25 2.25 0 0 1 2.012 1.244l.256.512a2.25 2.25 0 0 0 2.013 1.244h3.218a2.25 2.25 0 0 0 2.013-1.244l.256-.512a2.25 2.25 0 0 1 2.013-1.244h3.859m-19.5.338V18a2.25 2.25 0 0 0 2.25 2.25h15A2.25 2.25 0 0 0 21.75 18v-4.162c0-.224-.034-.447-.1-.661L19.24 5.338a2.25 2.25 0 0 0-2.15-1.588H6.911a2.25 2.25 0 0 0-2.15 1.588L2.35 13.177a2.25 2.25 0 0 0-.1.661Z"
      />
    </svg>
  );
}
