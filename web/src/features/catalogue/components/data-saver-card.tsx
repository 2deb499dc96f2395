import { ToggleSwitch } from '@/components/toggle-switch';
import { useT } from '@/i18n/use-t';
import { setDataSaver } from '../lib/data-saver';
import { useDataSaver } from '../lib/use-data-saver';
import './data-saver-card.css';

const REASON_TEXT = { saveData: 'saver.autoSaveData', slowConnection: 'saver.autoSlow' } as const;

/**
 * Issue 44, on /profile (the app puts it there: app/profile-page.tsx): the data saver of this device,
 * the same switch as the player's. Untouched, it says it is automatic and why it is on or off; once
 * switched, it is the student's choice, with a way back to automatic. It sits among the profile's
 * cards (their `people-card` look).
 */
export function DataSaverCard() {
  const t = useT();
  const saver = useDataSaver();
  return (
    <section className="people-card" aria-labelledby="data-saver-title" data-testid="data-saver-card">
      <h2 id="data-saver-title">{t('saver.title')}</h2>
      <p className="muted">{t('saver.what')}</p>
      <div>
        <ToggleSwitch label={t('saver.switch')} checked={saver.on} onChange={(on) => setDataSaver(on ? 'on' : 'off')} testId="data-saver-switch" />
        <p className="muted data-saver-state" data-testid="data-saver-state">
          {saver.choice === 'auto' ? (
            t(saver.reason ? REASON_TEXT[saver.reason] : 'saver.autoOff')
          ) : (
            <>
              <span>{t('saver.chosen')}</span>
              <button type="button" className="link-button" onClick={() => setDataSaver('auto')}>
                {t('saver.backToAuto')}
              </button>
            </>
          )}
        </p>
      </div>
    </section>
  );
}
