import { z } from 'zod';

/** Every error answer: a sentence in the caller's language (docs/api.md "Error shapes"). */
export const ErrorBodySchema = z.object({ message: z.string() }).meta({ id: 'Error' });

/** A 422: the sentence, and each failing field's sentences. */
export const ValidationErrorBodySchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ValidationError' });

export const PageMetaSchema = z
  .object({
    total: z.number().int().min(0),
    currentPage: z.number().int().min(1),
    lastPage: z.number().int().min(1),
  })
  .meta({ id: 'PageMeta' });

/** The paged answer (spec §3): `{ data, meta: { total, currentPage, lastPage } }`. */
export const pagedSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMetaSchema });

export type Paged<T> = { data: T[]; meta: z.infer<typeof PageMetaSchema> };

export const MessageBodySchema = z.object({ message: z.string() });
