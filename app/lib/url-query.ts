import { z } from 'zod/mini';

/**
 * A page's filters as its URL keeps them, read with the API's own query schemas from the contract
 * (`commentFilterShape`…), so the page and the API agree on what a value means. Leniently: a value
 * its schema refuses reads as absent, whatever the schema makes of nothing (no filter, page 1), so
 * a mangled or outdated link still opens the page rather than an error (decision 039).
 */
export function queryFromUrl<S extends Record<string, z.core.$ZodType>>(
  shape: S,
  params: URLSearchParams,
  /** A field's name in the URL where the page names it otherwise (`channel` for `channelId`). */
  names: Partial<Record<keyof S, string>> = {},
): { [K in keyof S]: z.output<S[K]> | undefined } {
  const read = (schema: z.core.$ZodType, value: string | undefined) => z.safeParse(schema, value);
  return Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => {
      const given = read(schema, params.get(names[field] ?? field) ?? undefined);
      return [field, given.success ? given.data : read(schema, undefined).data];
    }),
  ) as { [K in keyof S]: z.output<S[K]> | undefined };
}
