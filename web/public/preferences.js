/* global document, location */
// Applies the stored preferences before the first paint (no flash of the wrong theme or direction).
// A file, not an inline script: the site's CSP allows scripts from the site only (infra/definitions/security-headers.ts).
// It also names the prerendered page (web/src/prerender.tsx: PRERENDERED) the address shows, in
// <html data-copy>: styles/global.css shows that page's copy in the stored language and hides the
// others (every client route gets the same index.html), and main.tsx has React take it over. None
// with a stored session: a signed-in home puts the grades first, and the login page moves on.
var copies = { '/': 'home', '/auth': 'login', '/auth/login': 'login' };
try {
  var t = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
  var l = localStorage.getItem('language') === 'ar' ? 'ar' : 'en';
  document.documentElement.dataset.theme = t;
  document.documentElement.lang = l;
  document.documentElement.dir = l === 'ar' ? 'rtl' : 'ltr';
  if (copies[location.pathname] && !localStorage.getItem('user')) document.documentElement.dataset.copy = copies[location.pathname];
} catch {
  document.documentElement.dataset.theme = 'light';
  if (copies[location.pathname]) document.documentElement.dataset.copy = copies[location.pathname];
}
