import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One tab: its name, an optional count of what it holds, and what it shows when selected. */
export interface TabSpec {
  label: string;
  panel: ReactNode;
  /** Shown as a small pill beside the name (and read as "12 items"). */
  count?: number;
  disabled?: boolean;
}

/**
 * The one set of tabs: Headless UI's (the ARIA tabs pattern: arrow keys move between tabs,
 * Home/End jump, disabled tabs are skipped, Tab goes into the panel), with an underline under
 * the selected one. The list scrolls sideways when the names do not fit (a phone) rather than
 * wrapping onto lines where the underline would lose its row. Uncontrolled unless
 * `selectedIndex` and `onChange` are given.
 */
export function AppTabs({
  tabs,
  label,
  selectedIndex,
  defaultIndex,
  onChange,
  manual = false,
  className = '',
}: {
  tabs: TabSpec[];
  /** Names the tab list for screen readers when nothing on screen does. */
  label?: string;
  selectedIndex?: number;
  defaultIndex?: number;
  onChange?: (index: number) => void;
  /** Arrow keys only move focus and Enter/Space selects: for panels that are slow to show. */
  manual?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <TabGroup
      selectedIndex={selectedIndex}
      defaultIndex={defaultIndex}
      onChange={onChange}
      manual={manual}
      className={`min-w-0 ${className}`}
    >
      {/* A list longer than its row wraps onto the next, so every tab stays in view (a list that
          scrolled sideways hid the last tabs on a phone). `relative`: the list is the containing
          block of the tabs' screen-reader text, which is positioned absolutely and would widen the
          page otherwise. The baseline is an inset shadow, not a border, so the tabs' own underline
          covers it without a negative margin. */}
      <TabList
        aria-label={label}
        className="relative flex flex-wrap gap-x-6 shadow-[inset_0_-1px_0_0_var(--color-line)]"
      >
        {tabs.map((tab, index) => (
          <Tab
            key={`${tab.label}-${index}`}
            disabled={tab.disabled}
            className="group focus-ring inline-flex max-w-full items-center gap-2 rounded-t-md border-b-2 border-transparent px-1 py-3 text-start text-sm font-medium text-fg-muted transition-colors hover:border-line-strong hover:text-fg focus-visible:-outline-offset-2 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[disabled]:hover:border-transparent data-[disabled]:hover:text-fg-muted data-[selected]:border-primary data-[selected]:text-fg"
          >
            {tab.label}
            {tab.count === undefined ? null : (
              <>
                <span
                  aria-hidden="true"
                  className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-fg-muted tabular-nums group-data-[selected]:bg-primary-soft group-data-[selected]:text-link"
                >
                  {tab.count}
                </span>
                <span className="sr-only">{t('ui.tabs.count', { count: tab.count })}</span>
              </>
            )}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((tab, index) => (
          <TabPanel key={`${tab.label}-${index}`} className="focus-ring rounded-md">
            {tab.panel}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
