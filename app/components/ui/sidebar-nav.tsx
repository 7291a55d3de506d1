import { NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';

export interface NavItem {
  label: string;
  to: string;
  icon?: ReactNode;
  /** A count beside the label (waiting comments, say). */
  count?: number;
  /** Matches only this path, not the paths under it. */
  end?: boolean;
}

export interface NavGroup {
  label?: string;
  items: NavItem[];
}

/**
 * The side navigation (the integrations sidebar, the admin area): groups of links, the
 * current page marked by the router (`aria-current="page"` from NavLink) and by colour.
 */
export function SidebarNav({ label, groups }: { label: string; groups: NavGroup[] }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-6">
      {groups.map((group, index) => (
        <div key={group.label ?? index} className="flex flex-col gap-1">
          {group.label ? (
            <p className="px-3 pb-1 text-xs font-semibold tracking-wider text-fg-subtle uppercase">{group.label}</p>
          ) : null}
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `focus-ring flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                      isActive ? 'bg-primary-soft text-fg' : 'text-fg-muted hover:bg-muted hover:text-fg'
                    }`
                  }
                >
                  {({ isActive }) => (
                    <>
                      {item.icon ? (
                        <span className={`size-5 shrink-0 ${isActive ? 'text-primary' : 'text-fg-subtle'}`}>
                          {item.icon}
                        </span>
                      ) : null}
                      {/* Wrapped, never cut: each label is the app's own words, and the Italian ones are long. */}
                      <span className="min-w-0 flex-1 break-words">{item.label}</span>
                      {item.count !== undefined ? (
                        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-fg-muted tabular-nums">
                          {item.count}
                        </span>
                      ) : null}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
