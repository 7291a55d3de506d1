import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Filters that fold away on a phone (the sentiment review's toolbar, a project's comments): the
 * first filter stays in view, the others show when asked for, and open by themselves when some
 * are set. From `sm` up they all show; the wrapper adds no box of its own (`contents`).
 */
export function FoldedFilters({ set, children }: { set: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(set > 0);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="focus-ring justify-self-start rounded-md px-1 py-1 text-sm font-semibold text-link sm:hidden"
      >
        {open ? t('review.filters.fewer') : t('review.filters.more', { count: set })}
      </button>
      <div id={id} className={`${open ? 'contents' : 'hidden'} sm:contents`}>
        {children}
      </div>
    </>
  );
}
