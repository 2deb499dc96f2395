/**
 * A prerendered page (web/build/prerender.ts) arrives as one copy per page, language and theme in
 * #root, each marked by web/build/prerender-html.ts (markCopy). React hydrates the one on screen
 * (main.tsx): the others go, and the marks come off, so the DOM is what the client's first render
 * makes. What was typed into it and the focus stay where they are: hydration keeps the elements.
 */
import type { Language } from '@/i18n/use-t';
import type { ThemeMode } from '@/stores/theme-slice';

/** As web/build/prerender-html.ts (ID_ATTRIBUTES) suffixes them. */
const ID_ATTRIBUTES = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/**
 * Leaves in `root` only the copy of `page` in `language` and `theme`, as React renders it: its marks,
 * its ids' suffix and its plain buttons undone. False (and an empty root) when there is no such copy.
 */
export function keepCopy(root: HTMLElement, page: string, language: Language, theme: ThemeMode): boolean {
  const copies = [...root.children] as HTMLElement[];
  const copy = copies.find((c) => c.dataset.copyOf === page && c.dataset.prerender === language && c.dataset.amplifyColorMode === theme);
  for (const c of copies) if (c !== copy) c.remove();
  if (!copy) return false;
  const suffix = copy.dataset.idSuffix ?? '';
  copy.removeAttribute('data-copy-of');
  copy.removeAttribute('data-prerender');
  copy.removeAttribute('data-id-suffix');
  if (suffix)
    for (const element of [copy, ...copy.querySelectorAll('*')])
      for (const attribute of ID_ATTRIBUTES) {
        const ids = element.getAttribute(attribute);
        if (ids) element.setAttribute(attribute, ids.split(' ').map((id) => (id.endsWith(suffix) ? id.slice(0, -suffix.length) : id)).join(' '));
      }
  for (const button of copy.querySelectorAll<HTMLButtonElement>('button[data-prerender-submit]')) {
    button.removeAttribute('data-prerender-submit');
    button.type = 'submit';
  }
  return true;
}
