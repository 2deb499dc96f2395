import { PAGINATION_WINDOW } from '@shared/constants';

/**
 * Spec 9: the page numbers shown, a window of up to PAGINATION_WINDOW around the current page,
 * kept inside 1..pages (at the ends it slides instead of shrinking).
 */
export function pageWindow(current: number, pages: number, size: number = PAGINATION_WINDOW): number[] {
  if (pages < 1) return [];
  const width = Math.min(size, pages);
  const page = Math.min(Math.max(1, current), pages);
  const start = Math.min(Math.max(1, page - Math.floor((width - 1) / 2)), pages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}
