import { useSyncExternalStore } from 'react';
import { automaticReason, connectionOf, type DataSaverChoice, dataSaverChoice, type DataSaverReason, subscribeDataSaver } from './data-saver';

/** The saver as one string, so React re-renders only when the choice or the connection's verdict changes. */
const snapshot = () => `${dataSaverChoice()}:${automaticReason(connectionOf()) ?? ''}`;

/**
 * The data saver on this device (issue 44), in step with every other reader on the page and in
 * other tabs: the student's choice, whether it is on, and (automatic) why the connection turns it on.
 */
export function useDataSaver(): { choice: DataSaverChoice; on: boolean; reason: DataSaverReason | undefined } {
  const [choice, reason] = useSyncExternalStore(subscribeDataSaver, snapshot, () => 'auto:').split(':') as [DataSaverChoice, DataSaverReason | ''];
  return { choice, on: choice === 'auto' ? reason !== '' : choice === 'on', reason: reason || undefined };
}
