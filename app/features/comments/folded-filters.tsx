import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Filters that fold away (the sentiment review's toolbar, a project's comments, the inbox): on a
 * phone the first filter stays in view and `children` show when asked for; from `sm` up they all
 * show. `more`, where a screen has more filters than a row holds, stays folded at every width
 * behind the same button ("More filters (2 set)"). Folded filters open by themselves when some are
 * set. The wrappers add no box of their own (`contents`), so the filters sit in the caller's grid.
 */
export function FoldedFilters({
  set,
  children,
  more,
  moreSet = 0,
}: {
  /** How many of the filters folded on a phone (`more`'s included) are set. */
  set: number;
  children: ReactNode;
  more?: ReactNode;
  /** How many of `more` are set. */
  moreSet?: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(more ? moreSet > 0 : set > 0);
  const id = useId();
  const toggle = (count: number, className: string, controls: string) => (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen(!open)}
      className={`focus-ring justify-self-start rounded-md px-1 py-1 text-sm font-semibold text-link ${className}`}
    >
      {open ? t('review.filters.fewer') : t('review.filters.more', { count })}
    </button>
  );
  return (
    <>
      {/* On a phone, under the first filter; from sm up, after the row, for `more` only. */}
      {toggle(set, 'sm:hidden', more ? `${id}-phone ${id}-more` : `${id}-phone`)}
      <div id={`${id}-phone`} className={`${open ? 'contents' : 'hidden'} sm:contents`}>
        {children}
      </div>
      {more ? (
        <>
          <div id={`${id}-more`} className={open ? 'contents' : 'hidden'}>
            {more}
          </div>
          {toggle(moreSet, 'col-span-full hidden sm:block', `${id}-more`)}
        </>
      ) : null}
    </>
  );
}
