import type { ReactNode } from 'react';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/devices-area';
import { type Device, deviceName, whenText } from '@/lib/devices';
import './device-list.css';

/**
 * Issue 41: a student's devices, each with its name in the interface's language and when it was last
 * used; `thisDevice` (a handle) is marked; `action` puts a button beside a device (remove it).
 */
export function DeviceList({ devices, thisDevice, action, testId = 'device' }: { devices: readonly Device[]; thisDevice?: string; action?: (d: Device) => ReactNode; testId?: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <ul className="device-list">
      {devices.map((d) => (
        <li key={d.id} className={d.id === thisDevice ? 'device is-this' : 'device'} data-testid={testId}>
          <DeviceGlyph kind={d.kind} />
          <div className="device-text">
            <strong dir="auto">{deviceName(d, t)}</strong>
            {d.id === thisDevice && <span className="device-this">{t('device.thisDevice')}</span>}
            <time className="muted" dateTime={d.lastSeenAt}>
              {t('device.lastSeen', { when: whenText(d.lastSeenAt, language) })}
            </time>
          </div>
          {action?.(d)}
        </li>
      ))}
    </ul>
  );
}

const glyph = { width: 28, height: 28, viewBox: '0 0 24 24', 'aria-hidden': true, fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
function DeviceGlyph({ kind }: { kind: string }) {
  if (kind === 'phone')
    return (
      <svg {...glyph} className="device-glyph">
        <rect x="7" y="2.5" width="10" height="19" rx="2" />
        <path d="M11 18.5h2" />
      </svg>
    );
  if (kind === 'tablet')
    return (
      <svg {...glyph} className="device-glyph">
        <rect x="4.5" y="2.5" width="15" height="19" rx="2" />
        <path d="M11 18.5h2" />
      </svg>
    );
  return (
    <svg {...glyph} className="device-glyph">
      <rect x="3" y="4" width="18" height="12" rx="1.5" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  );
}
