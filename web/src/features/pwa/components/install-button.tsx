import { useSyncExternalStore } from 'react';
import { useT } from '@/i18n/use-t';
import { install, pwaState, subscribePwa } from '../lib/service-worker';
import './pwa.css';

/** "Install" in the top bar, only while the browser offers to install the app (never once it runs installed). */
export function InstallButton() {
  const t = useT();
  const offer = useSyncExternalStore(subscribePwa, () => pwaState().installOffer, () => null);
  if (!offer) return null;
  return (
    <button type="button" className="chip-button install-button" onClick={() => void install()} title={t('pwa.installHint')} data-testid="install-app">
      {t('pwa.install')}
    </button>
  );
}
