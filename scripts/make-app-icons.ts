/**
 * Draws the installed app's icons (web/public/icons/*.png, named by web/build/pwa.ts's manifest) from
 * the top bar's logo (web/src/components/icons.tsx: LogoMark) in Debian's Chromium, once; the PNGs are
 * committed. `tsx scripts/make-app-icons.ts` again only when the logo changes.
 *
 * The maskable icon keeps the mark inside the middle 80 % (the safe zone Android's masks never cut)
 * on a full-bleed brand background.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../test/support/browser';
import { BRAND_COLOR, ICONS } from '../web/build/pwa';

const ON_BRAND = '#ffffff';

/** LogoMark's drawing (viewBox 32): the disc, the ring, the two cells. */
const mark = (disc: boolean) => `
  ${disc ? `<circle cx="16" cy="16" r="15" fill="${BRAND_COLOR}"/>` : ''}
  <circle cx="16" cy="16" r="9" fill="none" stroke="${ON_BRAND}" stroke-width="2.5"/>
  <circle cx="18" cy="14" r="3" fill="${ON_BRAND}"/>
  <circle cx="12.5" cy="18.5" r="1.5" fill="${ON_BRAND}"/>`;

/** `any`: the disc on a transparent square; `maskable`: a full square of brand colour, the ring (64 % wide) inside the safe zone's 80 %. */
const svgOf = (size: number, purpose: 'any' | 'maskable') =>
  purpose === 'any'
    ? `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${mark(true)}</svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND_COLOR}"/>${mark(false)}</svg>`;

async function main() {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    for (const icon of ICONS) {
      const size = Number(icon.sizes.split('x')[0]);
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(`<html><body style="margin:0;background:transparent">${svgOf(size, icon.purpose)}</body></html>`);
      const file = path.resolve(__dirname, '../web/public', icon.src.replace(/^\//, ''));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      await page.close();
      console.log(`${icon.src} ${size}x${size} ${icon.purpose}`);
    }
  } finally {
    await browser.close();
  }
}

void main();
