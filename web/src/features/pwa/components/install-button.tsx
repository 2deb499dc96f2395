import { useSyncExternalStore } from 'react';
import { InstallIcon } from '@/components/icons';
import { useT } from '@/i18n/use-t';
import { install, pwaState, subscribePwa } from '../lib/service-worker';
import './pwa.css';

/**
 * "Install app" in the top bar, only while the browser offers to install the app (never once it
 * runs installed). On a phone's narrow bar only its icon shows; its name stays its label.
 */
export function InstallButton() {
  const t = useT();
  const offer = useSyncExternalStore(subscribePwa, () => pwaState().installOffer, () => null);
  if (!offer) return null;
  return (
    <button type="button" className="chip-button install-button" onClick={() => void install()} aria-label={t('pwa.install')} title={t('pwa.installHint')} data-testid="install-app">
      <InstallIcon />
      <span className="install-button-text">{t('pwa.install')}</span>
    </button>
  );
}
