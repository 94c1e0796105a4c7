import { DEFAULT_PAGE_SIZE } from '@portal/shared';

/** Number of pages for a total; an empty list still has page 1. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * A typed page number: digits only; 0 or less becomes 1; above the total becomes the last page
 * (spec section 5). Anything that is not digits keeps the current page.
 */
export const clampPage = (typed: string, current: number, pages: number): number => {
  const text = typed.trim();
  if (!/^\d+$/.test(text)) return current;
  const n = Number(text);
  if (n < 1) return 1;
  return Math.min(n, pages);
};

export interface Paging {
  page: number;
  pageSize: number;
}

export const firstPage = (pageSize = DEFAULT_PAGE_SIZE): Paging => ({ page: 1, pageSize });

/** pageStart of the API is the offset of the page's first row. */
export const toPageStart = ({ page, pageSize }: Paging) => (page - 1) * pageSize;
