import type { Paged } from '../../contract/common';

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
