/**
 * The one busy mark. Decorative by default (the words for what is happening are said
 * elsewhere, once); with `label` it is its own status, announced and named.
 */
export function Spinner({ className = 'size-4', label }: { className?: string; label?: string }) {
  const mark = (
    <svg className={`motion-safe:animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="3" className="opacity-20" />
      <path d="M21.5 12A9.5 9.5 0 0 1 12 21.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return mark;
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-fg-muted">
      {mark}
      <span>{label}</span>
    </span>
  );
}
