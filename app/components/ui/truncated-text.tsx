import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';

/**
 * One line of text cut with an ellipsis where its room ends (a long email in a table's `fill`
 * column), never wrapped inside a word. While it is cut, its full value shows over it on hover
 * and on focus (it is then a stop in the tab order, so a keyboard reaches it too; a tap focuses
 * it on a phone), until the pointer leaves both, focus moves on, the page scrolls or Escape is
 * pressed. The text itself is whole in the document: assistive technology reads it all, and the
 * full value drawn over it is hidden from them, as a second copy.
 */
export function TruncatedText({
  text,
  className = '',
}: {
  text: string;
  /** The text's look (its weight, its colour), on the full value too. */
  className?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const full = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  const [shownAt, setShownAt] = useState<DOMRect | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  useEffect(() => {
    if (!shownAt) return;
    // Drawn where the text was: once the page moves, it would be somewhere else.
    const hide = () => setShownAt(null);
    window.addEventListener('scroll', hide, true);
    window.addEventListener('resize', hide);
    return () => {
      window.removeEventListener('scroll', hide, true);
      window.removeEventListener('resize', hide);
    };
  }, [shownAt]);

  const show = () => {
    if (ref.current && ref.current.scrollWidth > ref.current.clientWidth)
      setShownAt(ref.current.getBoundingClientRect());
  };
  const hide = () => setShownAt(null);
  // The pointer may go from the text onto its full value (and back) without losing it.
  const leave = (event: MouseEvent) => {
    const to = event.relatedTarget;
    if (to instanceof Node && (ref.current?.contains(to) || full.current?.contains(to))) return;
    if (document.activeElement !== ref.current) hide();
  };

  return (
    // Focusable only while cut, so a keyboard reaches the whole value too (as the table's frame
    // is, while it scrolls); it is no control: it has no action, and keeps the text's own role.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      ref={ref}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={cut ? 0 : undefined}
      onMouseEnter={show}
      onMouseLeave={leave}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && shownAt) {
          event.stopPropagation();
          hide();
        }
      }}
      className={`focus-ring block truncate rounded-sm ${className}`}
    >
      {text}
      {shownAt
        ? createPortal(
            <span
              ref={full}
              aria-hidden="true"
              onMouseLeave={leave}
              style={{
                left: Math.max(8, shownAt.left - 8),
                top: shownAt.top - 4,
                maxWidth: `calc(100vw - ${Math.max(8, shownAt.left - 8) + 8}px)`,
              }}
              className={`fixed z-50 rounded-md bg-raised px-2 py-1 text-sm text-fg shadow-lg ring-1 ring-line wrap-anywhere ${className}`}
            >
              {text}
            </span>,
            document.body,
          )
        : null}
    </span>
  );
}
