import { useState } from 'react';
import { useT } from '@/i18n/use-t';
import '@/i18n/devices-area';
import { messageOf } from '@/lib/messages';
import { useListRefusalDevicesQuery } from '../api/list-refusal-devices';
import { DeviceLimit } from './device-limit';
import { GoogleButton } from './google-button';

/**
 * Issue 41: a Google sign-in refused for one device too many lands on the login page with the
 * refusal's token only: the devices come from GET /api/auth/devices; once one is removed, the Google
 * button signs in again (Google remembers the account).
 */
export function GoogleDeviceLimit({ removalToken }: { removalToken: string }) {
  const t = useT();
  const devices = useListRefusalDevicesQuery(removalToken);
  const [removed, setRemoved] = useState(false);
  if (devices.isLoading) return null;
  if (removed)
    return (
      <div className="device-limit" role="status" data-testid="device-removed">
        <p>{t('deviceLimit.google')}</p>
        <GoogleButton />
      </div>
    );
  if (!devices.data)
    return (
      <p className="notice" role="alert" dir="auto">
        {messageOf(devices.error, t, 'deviceLimit.signInAgain')}
      </p>
    );
  return <DeviceLimit refusal={{ ...devices.data, removalToken }} onRemoved={() => setRemoved(true)} />;
}
