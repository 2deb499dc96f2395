import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';
import { ar } from '@/i18n/ar';
import { en } from '@/i18n/en';
import { addLanguage } from '@/i18n/use-t';

// The app loads one language's texts before its first render (main.tsx); components render here with both.
addLanguage('en', en);
addLanguage('ar', ar);

// A lazy screen's first render compiles its modules; on a loaded 2-core machine that can pass the
// default 1 s of findBy*/waitFor. A missing element still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

// jose (decodeJwt) needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom's crypto has getRandomValues only; the device handle (lib/device-id.ts) hashes with subtle.
if (!globalThis.crypto.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });

// react-router's data router builds a Request per navigation; jsdom has none. GET navigations
// only need url, method and signal (the screens' API calls go through the mocked fetch).
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers = new Map<string, string>();
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}

// sweetalert2 restores the scroll position on close; jsdom does not implement scrolling.
window.scrollTo = () => {};

// sweetalert2 asks for the reduced-motion preference; jsdom has no matchMedia.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// config/env.ts reads import.meta.env, which only exists under Vite: same-origin API here.
jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '' } }));

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('data-theme');
});

afterEach(async () => {
  // Close any sweetalert2 toast or dialog so it does not leak into the next test.
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
  document.querySelectorAll('.swal2-container').forEach((n) => n.remove());
  document.body.classList.remove('swal2-shown', 'swal2-toast-shown', 'swal2-height-auto');
});
