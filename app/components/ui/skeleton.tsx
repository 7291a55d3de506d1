/**
 * A placeholder in the shape of what is coming, while it loads. Decorative: whatever waits for
 * the data says so once, in words (a table's `aria-busy`, a status line), not each block.
 * The pulse is movement that only decorates, so it stops for people who asked for less motion.
 */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <div aria-hidden="true" className={`rounded-md bg-line motion-safe:animate-pulse ${className}`} />;
}

// Lines of a paragraph are not all as long; the last is the shortest.
const widths = ['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-5/6'];

/** A paragraph still loading: `lines` bars, the last one shorter. */
export function SkeletonText({ lines = 3, className = '' }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={`flex w-full flex-col gap-2 ${className}`}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton
          key={index}
          className={`h-3 ${index === lines - 1 && lines > 1 ? 'w-3/5' : widths[index % widths.length]}`}
        />
      ))}
    </div>
  );
}
