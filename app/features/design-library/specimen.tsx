import type { ReactNode } from 'react';

/**
 * The design library's frame (docs/product.md#design-library): each component a `Section`, each
 * of its states a `Specimen` with a caption naming the state. Sample data only; nothing here
 * calls the API.
 */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 border-t border-line pt-8 first:border-t-0 first:pt-0"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-fg">
        {title}
      </h2>
      {description ? <p className="mt-1 max-w-prose text-sm text-fg-muted">{description}</p> : null}
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </section>
  );
}

/** One state of one component, captioned. `wide` spans the whole row (tables, page headers). */
export function Specimen({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure className={`flex min-w-0 flex-col gap-3 ${wide ? 'sm:col-span-2 lg:col-span-3' : ''}`}>
      <div className="flex min-h-20 flex-wrap items-center gap-3 rounded-lg border border-dashed border-line bg-surface p-4">
        {children}
      </div>
      <figcaption className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</figcaption>
    </figure>
  );
}
