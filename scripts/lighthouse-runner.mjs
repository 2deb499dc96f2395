// Lighthouse itself, run by plain Node (not tsx: its transpiler adds helpers such as __name to
// functions that Lighthouse sends into the page as text, where they do not exist). Reads
// {chromePath, pages: [{name, url, session?}], runs} on stdin; writes each run's figures as JSON.
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const input = JSON.parse(await new Promise((resolve) => {
  let s = '';
  process.stdin.on('data', (d) => (s += d));
  process.stdin.on('end', () => resolve(s));
}));

const figuresOf = (page, lhr) => {
  const a = lhr.audits;
  const num = (id) => Math.round(a[id]?.numericValue ?? NaN);
  const items = a['largest-contentful-paint-element']?.details?.items ?? [];
  const snippet = items[0]?.items?.[0]?.node?.snippet ?? items[0]?.node?.snippet;
  return {
    page,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: Number((a['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    speedIndexMs: num('speed-index'),
    transferKB: Number(((a['total-byte-weight']?.numericValue ?? 0) / 1024).toFixed(1)),
    requests: (a['network-requests']?.details?.items ?? []).length,
    lcpElement: snippet?.slice(0, 80),
  };
};

const chrome = await launch({
  chromePath: input.chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const out = [];
try {
  for (const p of input.pages) {
    for (let i = 0; i < input.runs; i++) {
      // Every run starts cold (no HTTP cache, no service worker) with only the page's session in localStorage: Lighthouse
      // keeps storage (disableStorageReset) so the signed-in page stays signed in.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await tab.goto(new URL('/favicon.ico', p.url).toString()).catch(() => undefined);
      await tab.evaluate((session) => {
        localStorage.clear();
        if (session) localStorage.setItem('user', JSON.stringify(session));
      }, p.session ?? null);
      // Nor the app's service worker and what it precached (web/build/pwa.ts): a first visit, which installs it again.
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(p.url).origin, storageTypes: 'service_workers,cache_storage' });
      await cdp.send('Network.clearBrowserCache');
      await tab.close();
      await browser.disconnect();
      const result = await lighthouse(p.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true, throttlingMethod: process.env.LH_THROTTLING || 'simulate' });
      if (!result) throw new Error(`Lighthouse gave no result for ${p.url}`);
      out.push(figuresOf(p.name, result.lhr));
      // LH_REPORT_DIR: each run's full report, to see where the time goes (open in the Lighthouse viewer).
      if (process.env.LH_REPORT_DIR) {
        fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
        const slug = p.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, `${slug}-${i + 1}.json`), result.report);
      }
    }
  }
} finally {
  chrome.kill();
}
process.stdout.write(JSON.stringify(out));
