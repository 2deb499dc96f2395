/* global document, location */
// Applies the stored preferences before the first paint (no flash of the wrong theme or direction).
// A file, not an inline script: the site's CSP allows scripts from the site only (infra/definitions/security-headers.ts).
// It also says which prerendered home page (web/build/prerender.ts) may show: the one in the stored
// language (styles/global.css reads <html lang>), and none on another path or with a stored session
// (every client route gets the same index.html; a signed-in home puts the grades first).
try {
  var t = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
  var l = localStorage.getItem('language') === 'ar' ? 'ar' : 'en';
  document.documentElement.dataset.theme = t;
  document.documentElement.lang = l;
  document.documentElement.dir = l === 'ar' ? 'rtl' : 'ltr';
  if (location.pathname !== '/' || localStorage.getItem('user')) document.documentElement.dataset.homeCopy = 'hidden';
} catch {
  document.documentElement.dataset.theme = 'light';
  if (location.pathname !== '/') document.documentElement.dataset.homeCopy = 'hidden';
}
