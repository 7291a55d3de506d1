import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  label: string;
  /** Absent on the last crumb: the page the user is on. */
  to?: string;
}

/** Where a page sits: links up the tree, the current page last and marked as such. */
export function Breadcrumb({ items, label }: { items: Crumb[]; /** Where a page has two. */ label?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label ?? t('ui.breadcrumb.label')} className="max-w-full min-w-0">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-fg-muted">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex min-w-0 items-center gap-1.5">
            {index > 0 ? (
              <svg
                viewBox="0 0 20 20"
                className="size-4 shrink-0 text-fg-subtle"
                fill="currentColor"
                aria-hidden="true"
              >
                <path
                  fillRule="evenodd"
                  d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z"
                  clipRule="evenodd"
                />
              </svg>
            ) : null}
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className="focus-ring truncate rounded-sm hover:text-fg hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-medium text-fg">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
