import { z } from 'zod/mini';

/** Every error answer: a sentence in the caller's language (docs/api.md "Error shapes"). */
export const ErrorBodySchema = z.object({ message: z.string() }).register(z.globalRegistry, { id: 'Error' });

/** A 422: the sentence, and each failing field's sentences. */
export const ValidationErrorBodySchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .register(z.globalRegistry, { id: 'ValidationError' });

export const PageMetaSchema = z
  .object({
    total: z.number().check(z.int(), z.minimum(0)),
    currentPage: z.number().check(z.int(), z.minimum(1)),
    lastPage: z.number().check(z.int(), z.minimum(1)),
    /**
     * True where counting stopped at `total`: more match (a filter by words over a large list,
     * docs/decisions/062). Absent where `total` is exact.
     */
    totalIsAtLeast: z.optional(z.literal(true)),
  })
  .register(z.globalRegistry, { id: 'PageMeta' });

/** The paged answer: `{ data, meta: { total, currentPage, lastPage } }`. */
export const pagedSchema = <T extends z.core.$ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: PageMetaSchema });

export type Paged<T> = { data: T[]; meta: z.infer<typeof PageMetaSchema> };

export const MessageBodySchema = z.object({ message: z.string() });
