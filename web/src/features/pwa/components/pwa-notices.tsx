import { useEffect, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { useT } from '@/i18n/use-t';
import { apiReach, NO_API_ANSWER_YET, subscribeApiReach } from '@/lib/offline-mark';
import { selectUser } from '@/lib/session';
import { selectLanguage } from '@/stores/language-slice';
import { keepApiCacheOf } from '../lib/api-cache';
import { pwaState, reloadWithUpdate, startServiceWorker, subscribePwa } from '../lib/service-worker';
import './pwa.css';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * The installable app's part of every page (issue 44): registers the service worker, keeps its
 * offline copies to the signed-in student's own, and shows two quiet bars: "offline — shown as
 * saved at …" (or that this page was not saved), and "a new version is ready — reload".
 */
export function PwaNotices() {
  const user = useSelector(selectUser);
  const userId = user?.id ?? null;
  useEffect(() => startServiceWorker(), []);
  useEffect(() => void keepApiCacheOf(userId), [userId]);
  return (
    <div className="pwa-notices">
      <OfflineNotice />
      <UpdatePrompt />
    </div>
  );
}

export function OfflineNotice() {
  const t = useT();
  const language = useSelector(selectLanguage);
  // Hydrated as prerendered (no notice), then as the API's answers so far say: never a mismatch.
  const reach = useSyncExternalStore(subscribeApiReach, apiReach, () => NO_API_ANSWER_YET);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  if (online && !reach.offline) return null;
  // Outside the router (app/app.tsx): the page is the address's. A kept copy shown on another page says nothing of this one.
  const saved = reach.saved?.page === window.location.pathname ? reach.saved.storedAt : undefined;
  const time = saved && new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(saved));
  return (
    <p className="pwa-bar offline-notice" role="status" data-testid="offline-notice">
      {time ? t('pwa.offlineSaved', { time }) : t('pwa.offlineNotSaved')}
    </p>
  );
}

export function UpdatePrompt() {
  const t = useT();
  const ready = useSyncExternalStore(subscribePwa, () => pwaState().updateReady, () => false);
  if (!ready) return null;
  return (
    <div className="pwa-bar update-prompt" role="status" data-testid="update-prompt">
      <span>{t('pwa.updateReady')}</span>
      <button type="button" className="button button-primary" onClick={reloadWithUpdate}>
        {t('pwa.reload')}
      </button>
    </div>
  );
}
