// Lists that grow with a practice (its profiles, its members) are shown a page at a time, so a page
// costs the same for a practice of 60 clinicians as for one of 3.
export const PAGE_SIZE = 20;

export interface Paged<T> {
  items: T[];
  page: number;
  pageCount: number;
  firstIndex: number;
}

/** The requested page (1-based; anything else, or past the end, is clamped) of a list already in order. */
export function pageOf<T>(all: T[], requested: unknown, size = PAGE_SIZE): Paged<T> {
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  const asked = Number(requested);
  const page = Number.isSafeInteger(asked) ? Math.min(Math.max(asked, 1), pageCount) : 1;
  const firstIndex = (page - 1) * size;
  return { items: all.slice(firstIndex, firstIndex + size), page, pageCount, firstIndex };
}

/** The page on which the item at this 0-based index of the whole list appears. */
export const pageOfIndex = (index: number, size = PAGE_SIZE): number => Math.floor(Math.max(index, 0) / size) + 1;
