/* global document */
// Applies the stored preferences before the first paint (no flash of the wrong theme or direction).
// A file, not an inline script: the site's CSP allows scripts from the site only (infra/definitions/security-headers.ts).
try {
  var t = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
  var l = localStorage.getItem('language') === 'ar' ? 'ar' : 'en';
  document.documentElement.dataset.theme = t;
  document.documentElement.lang = l;
  document.documentElement.dir = l === 'ar' ? 'rtl' : 'ltr';
} catch {
  document.documentElement.dataset.theme = 'light';
}
