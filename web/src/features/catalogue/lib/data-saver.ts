/**
 * Issue 44: the data saver, one choice per device. The student's own "on" or "off" is kept in
 * localStorage; untouched, it is automatic: on when the browser asks to save data or the link is
 * 2G/3G. While on, the player plays the lowest two rungs only and starts at the lowest. The player
 * and the /profile card read it here and hear each other's changes (subscribeDataSaver).
 */
import { readString, remove, writeString } from '@/lib/storage';

/** What the browser tells of its connection (Network Information API, Chromium and Android only). */
export interface ConnectionHint {
  /** Estimated downlink, Mbit/s. */
  downlink?: number;
  effectiveType?: string;
  saveData?: boolean;
}

export const connectionOf = (): ConnectionHint | undefined => (typeof navigator !== 'undefined' ? (navigator as Navigator & { connection?: ConnectionHint }).connection : undefined);

export type DataSaverChoice = 'on' | 'off' | 'auto';
/** Why the automatic choice is on: the browser's Save-Data, or a slow link. */
export type DataSaverReason = 'saveData' | 'slowConnection';

const KEY = 'dataSaver';
const SLOW = new Set(['slow-2g', '2g', '3g']);

/** The student's choice on this device; anything but "on" or "off" stored is automatic. */
export function dataSaverChoice(): DataSaverChoice {
  const kept = readString(KEY);
  return kept === 'on' || kept === 'off' ? kept : 'auto';
}

/** Why the automatic choice turns the saver on for this connection, or undefined when it does not. */
export function automaticReason(connection: ConnectionHint | undefined): DataSaverReason | undefined {
  if (connection?.saveData === true) return 'saveData';
  return connection?.effectiveType && SLOW.has(connection.effectiveType) ? 'slowConnection' : undefined;
}

/** Whether the saver is on: the choice, else the connection's (both default to this device's). */
export function dataSaverOn(connection: ConnectionHint | undefined = connectionOf(), choice: DataSaverChoice = dataSaverChoice()): boolean {
  return choice === 'auto' ? automaticReason(connection) !== undefined : choice === 'on';
}

const listeners = new Set<() => void>();

/** Keeps the choice ("auto" forgets it) and tells the page's subscribers. */
export function setDataSaver(choice: DataSaverChoice): void {
  if (choice === 'auto') remove(KEY);
  else writeString(KEY, choice);
  listeners.forEach((listener) => listener());
}

/** Calls `listener` when the choice changes (on this page or in another tab) or the connection does; returns the unsubscribe. */
export function subscribeDataSaver(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  const connection = connectionOf() as (ConnectionHint & Partial<EventTarget>) | undefined;
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  connection?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    connection?.removeEventListener?.('change', listener);
  };
}

/** Indexes of `bandwidths` from the lowest up (hls.js lists its levels lowest first; a stale list may not). */
const lowestFirst = (bandwidths: readonly number[]) => bandwidths.map((b, i) => [b, i] as const).sort((a, b) => a[0] - b[0]);

/**
 * hls.js's autoLevelCapping while the saver is on: the index of the second-lowest bandwidth (the
 * lowest with one rung, -1 with none). Never by name or count: the ladder may change.
 */
export function saverCap(bandwidths: readonly number[]): number {
  const sorted = lowestFirst(bandwidths);
  return sorted.length === 0 ? -1 : sorted[Math.min(1, sorted.length - 1)]![1];
}

/** The rungs the saver allows (the two lowest bandwidths), in the list's order. */
export function saverLevels<T extends { bandwidth: number }>(levels: readonly T[]): T[] {
  const allowed = new Set(
    lowestFirst(levels.map((l) => l.bandwidth))
      .slice(0, 2)
      .map(([, i]) => i),
  );
  return levels.filter((_, i) => allowed.has(i));
}
