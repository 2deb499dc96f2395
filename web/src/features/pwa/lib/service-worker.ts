/**
 * The service worker (issue 44; Workbox's, written by web/build/pwa.ts) as the app sees it: registered
 * from here once the page has loaded (no inline script: the CSP allows none), and a new version
 * waiting until the student chooses to reload (`registerType: 'prompt'`): `updateReady()` then holds,
 * and `reloadWithUpdate()` lets it take over and reloads the page.
 *
 * Also the browser's offer to install the app (`beforeinstallprompt`, Chromium's), kept for the
 * install button; none once the app runs installed.
 */

/** Chromium's install offer (not in the DOM's types). */
export interface InstallOffer extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  updateReady: boolean;
  installOffer: InstallOffer | null;
}

let state: PwaState = { updateReady: false, installOffer: null };
let takeUpdate: (() => void) | undefined;
const listeners = new Set<() => void>();

const set = (next: Partial<PwaState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

export const pwaState = (): PwaState => state;

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The app runs installed (its own window): no install offer to show. */
export const runsInstalled = () => typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;

// The offer comes once, early (often before React's first render): listened for as this module loads.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (!runsInstalled()) set({ installOffer: event as InstallOffer });
  });
  window.addEventListener('appinstalled', () => set({ installOffer: null }));
}

/** Shows the browser's install dialog; the offer is used up whatever the student answers. */
export async function install(): Promise<void> {
  const offer = state.installOffer;
  if (!offer) return;
  set({ installOffer: null });
  await offer.prompt();
}

let started = false;

/** Registers the worker (once; where the browser has service workers). Workbox's library loads only here, after the page. */
export function startServiceWorker(): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () =>
    void import('./register')
      .then(({ registerServiceWorker }) => {
        takeUpdate = registerServiceWorker({ onUpdateReady: () => set({ updateReady: true }) });
      })
      .catch(() => undefined);
  // Nothing of it competes with the page's own files: after the load, when the page is idle.
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** The waiting version takes over; the page reloads when it does. */
export function reloadWithUpdate(): void {
  if (takeUpdate) takeUpdate();
  else window.location.reload();
}
