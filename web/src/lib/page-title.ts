import { useEffect } from 'react';

/** Every tab reads 'Bioscope | <page>' (spec 1: 'Bioscope | Home'); the brand stays as it is in Arabic too. */
export const BRAND = 'Bioscope';

/**
 * The tab's title for the screen: `title` is already in the user's language (a `title.*` text, or a
 * name such as the lecture's), so an Arabic page's tab reads Arabic. Set again when it changes.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${BRAND} | ${title}`;
  }, [title]);
}
