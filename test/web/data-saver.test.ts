/**
 * Issue 44: the data saver's choice (lib/data-saver): the student's own on/off per device, else
 * automatic from what the browser says of its connection; the rungs it allows (the two lowest
 * bandwidths, whatever their names or count); and the start rung it gives (the lowest).
 */
import { automaticReason, dataSaverChoice, dataSaverOn, saverCap, saverLevels, setDataSaver, subscribeDataSaver } from '@/features/catalogue/lib/data-saver';
import { startLevelFor } from '@/features/catalogue/lib/playback';

beforeEach(() => window.localStorage.clear());

describe('the data saver (issue 44)', () => {
  it('automatic: on when the browser asks to save data or the link is slow-2g, 2g or 3g; off on 4g or when nothing is known', () => {
    expect(dataSaverOn({ saveData: true, effectiveType: '4g', downlink: 10 }, 'auto')).toBe(true);
    expect(dataSaverOn({ effectiveType: 'slow-2g' }, 'auto')).toBe(true);
    expect(dataSaverOn({ effectiveType: '2g' }, 'auto')).toBe(true);
    expect(dataSaverOn({ effectiveType: '3g', downlink: 1.2 }, 'auto')).toBe(true);
    expect(dataSaverOn({ effectiveType: '4g', downlink: 1.6 }, 'auto')).toBe(false);
    expect(dataSaverOn({}, 'auto')).toBe(false);
    expect(dataSaverOn(undefined, 'auto')).toBe(false);
    expect([automaticReason({ saveData: true, effectiveType: '2g' }), automaticReason({ effectiveType: '3g' }), automaticReason({ effectiveType: '4g' })]).toEqual(['saveData', 'slowConnection', undefined]);
  });

  it("the student's own choice wins over the connection, either way", () => {
    expect(dataSaverOn({ effectiveType: '4g' }, 'on')).toBe(true);
    expect(dataSaverOn(undefined, 'on')).toBe(true);
    expect(dataSaverOn({ saveData: true, effectiveType: '2g' }, 'off')).toBe(false);
  });

  it('is kept in localStorage `dataSaver` as on/off (absent: automatic), read by default, and told to subscribers', () => {
    const heard = jest.fn();
    const stop = subscribeDataSaver(heard);
    expect(dataSaverChoice()).toBe('auto');
    setDataSaver('on');
    expect(window.localStorage.getItem('dataSaver')).toBe('on');
    expect([dataSaverChoice(), dataSaverOn({ effectiveType: '4g' })]).toEqual(['on', true]);
    setDataSaver('off');
    expect(window.localStorage.getItem('dataSaver')).toBe('off');
    expect(dataSaverOn({ saveData: true })).toBe(false);
    setDataSaver('auto');
    expect(window.localStorage.getItem('dataSaver')).toBeNull();
    expect(dataSaverOn({ saveData: true })).toBe(true);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    setDataSaver('on');
    expect(heard).toHaveBeenCalledTimes(3);
    // Anything else stored is automatic.
    window.localStorage.setItem('dataSaver', 'yes');
    expect(dataSaverChoice()).toBe('auto');
  });

  it('another tab of the same browser changing it is heard too', () => {
    const heard = jest.fn();
    const stop = subscribeDataSaver(heard);
    window.dispatchEvent(new StorageEvent('storage', { key: 'dataSaver', newValue: 'on' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('caps at the second-lowest bandwidth (any names, any count): its index, the lowest with one rung, none without rungs', () => {
    expect(saverCap([180_000, 496_000, 896_000, 2_896_000])).toBe(1);
    expect(saverCap([496_000, 896_000])).toBe(1);
    expect(saverCap([496_000])).toBe(0);
    expect(saverCap([])).toBe(-1);
    // Out of order: the index of the second-lowest.
    expect(saverCap([2_896_000, 180_000, 896_000, 400_000])).toBe(3);
    const levels = [
      { index: 0, height: 180, bandwidth: 180_000 },
      { index: 1, height: 360, bandwidth: 600_000 },
      { index: 2, height: 720, bandwidth: 2_000_000 },
    ];
    expect(saverLevels(levels).map((l) => l.height)).toEqual([180, 360]);
    expect(saverLevels(levels.slice(0, 1)).map((l) => l.height)).toEqual([180]);
  });

  it('the start rung: the lowest while the saver is on (a 3G or 4G link alike); off, the connection decides as before', () => {
    const ladder = [180_000, 496_000, 896_000, 2_896_000];
    expect(startLevelFor(ladder, { effectiveType: '4g', downlink: 10 }, true)).toBe(0);
    expect(startLevelFor(ladder, undefined, true)).toBe(0);
    expect(startLevelFor(ladder, { effectiveType: '3g', downlink: 10 }, false)).toBe(1);
    expect(startLevelFor(ladder, { effectiveType: '4g', downlink: 10 }, false)).toBe(3);
    // By default the stored choice and the connection decide.
    expect(startLevelFor(ladder, { effectiveType: '3g', downlink: 10 })).toBe(0);
    setDataSaver('off');
    expect(startLevelFor(ladder, { effectiveType: '3g', downlink: 10 })).toBe(1);
    expect(startLevelFor([], { saveData: true })).toBe(-1);
  });
});
