/**
 * hls.js replaced for the player tests that need no quality levels: the element gets the playlist as
 * its src (jsdom plays nothing) and no level is offered. `jest.mock('@/features/catalogue/lib/hls-source',
 * () => jest.requireActual('./hls-stand'))`; video-player.test.tsx has its own, with levels.
 */
import type { SourceOptions } from '@/features/catalogue/lib/hls-source';

export const loadHls = jest.fn(async () => ({ stand: 'hls.js' }));
export const attachHls = jest.fn((_hls: unknown, el: HTMLVideoElement, url: string, options: SourceOptions) => {
  el.setAttribute('src', url);
  options.onLevels?.([]);
  return { levels: [], setLevel: jest.fn(), setDataSaver: jest.fn(), start: jest.fn(), destroy: jest.fn() };
});
