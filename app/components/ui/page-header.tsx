import type { ReactNode } from 'react';

/**
 * The top of every app page: where it sits (a breadcrumb), its title (the page's one h1), a
 * line on what it is for, and the page's own actions (at the right on wide screens, under the
 * title on a phone).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  breadcrumb,
  level = 1,
}: {
  /** 1 on a page; deeper only where a header is shown as a sample (the design library). */
  level?: 1 | 2 | 3;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <header className="flex flex-col gap-3">
      {breadcrumb}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Heading className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">{title}</Heading>
          {subtitle ? <p className="mt-1.5 max-w-prose text-fg-muted">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
