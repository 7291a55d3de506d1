import type { Context } from 'hono';
import type { Paged } from '../../contract/common';
import { fieldError } from './errors';

export type PageRequest = { page: number; pageSize: number };

/** Rows to skip before `page` (1-based). */
export const pageOffset = ({ page, pageSize }: PageRequest) => (page - 1) * pageSize;

/**
 * The paged answer (`pagedSchema` in contract/common.ts). A page past the last is answered, empty,
 * with the real meta; an empty list still has one (empty) page.
 */
export function paged<T>(
  data: T[],
  total: number,
  { page, pageSize }: PageRequest,
  { totalIsAtLeast = false }: { totalIsAtLeast?: boolean } = {},
): Paged<T> {
  return {
    data,
    meta: {
      total,
      currentPage: page,
      lastPage: Math.max(1, Math.ceil(total / pageSize)),
      ...(totalIsAtLeast ? { totalIsAtLeast: true as const } : {}),
    },
  };
}

/**
 * A page goes by its number or by a cursor (`after`), not both: the answer's `currentPage` could
 * say neither. Read from the query as sent, since a missing `pageNumber` is parsed as 1.
 */
export function refuseNumberWithCursor(c: Context, after: string | undefined): void {
  if (after !== undefined && c.req.query('pageNumber') !== undefined) throw fieldError('pageNumber', 'notWithCursor');
}
