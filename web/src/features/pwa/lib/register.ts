/**
 * The service worker's registration with Workbox's window library, in a module of its own that
 * features/pwa/lib/service-worker.ts loads once the page is up (nothing of it in the entry).
 */
import { Workbox } from 'workbox-window';

/** Where vite-plugin-pwa writes the worker (web/build/pwa.ts: SERVICE_WORKER). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker. A new version installs and then waits (`registerType: 'prompt'`):
 * `onUpdateReady` is told, and the function returned lets it take over; the page reloads once it does.
 */
export function registerServiceWorker({ onUpdateReady }: { onUpdateReady: () => void }): () => void {
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    wb.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    onUpdateReady();
  };
  wb.addEventListener('waiting', tell);
  // A version that another tab installed and left waiting.
  wb.addEventListener('installed', (event) => {
    if (event.isExternal) tell();
  });
  void wb.register().catch(() => undefined);
  return () => wb.messageSkipWaiting();
}
