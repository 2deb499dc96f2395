/**
 * Makes the demo media that `npm start` seeds (infra/local/assets/): a few seconds of animated
 * canvas recorded to WebM (VP8, which Debian's Chromium plays) and a course image (PNG), both
 * rendered by headless Chromium so nothing is downloaded. The outputs are committed; run this
 * only to change them:  npx tsx scripts/make-demo-video.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const OUT = path.resolve(__dirname, '../infra/local/assets');
const SECONDS = 6;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function chromiumPath(): string {
  const found = execSync('command -v chromium || command -v chromium-browser || true', { shell: '/bin/sh' }).toString().trim();
  if (!found) throw new Error('No Chromium: apt-get update && apt-get install -y chromium');
  return found;
}

/** Runs in the page: draws one frame of the lecture title card at time t (seconds). */
function drawFrame(ctx: CanvasRenderingContext2D, t: number, w: number, h: number) {
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, `hsl(${(160 + t * 20) % 360}, 60%, 22%)`);
  g.addColorStop(1, `hsl(${(220 + t * 20) % 360}, 60%, 12%)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  // A cell that divides: the subject is biology.
  const r = 40 + 8 * Math.sin(t * 3);
  const split = Math.min(1, t / SECONDS) * 70;
  ctx.fillStyle = 'rgba(120, 220, 160, 0.85)';
  for (const dx of [-split, split]) {
    ctx.beginPath();
    ctx.arc(w / 2 + dx, h / 2 + 20, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.font = 'bold 34px "DejaVu Sans", sans-serif';
  ctx.direction = 'rtl';
  ctx.fillText('بيوسكوب — المحاضرة الأولى', w / 2, 60);
  ctx.direction = 'ltr';
  ctx.font = '22px "DejaVu Sans", sans-serif';
  ctx.fillText('Bioscope demo lecture: cell division', w / 2, h - 50);
  ctx.font = '18px "DejaVu Sans Mono", monospace';
  ctx.fillText(`${t.toFixed(1)} s`, w / 2, h - 20);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
  try {
    const page = await browser.newPage();
    // tsx (esbuild keepNames) wraps functions in __name(); the page has no such helper.
    await page.setContent('<canvas id="c" width="640" height="360"></canvas>');
    await page.evaluate('globalThis.__name = (f) => f');
    const [video, image] = await page.evaluate(
      async ({ seconds, draw }) => {
        const fn = new Function(`return (${draw})`)() as (c: CanvasRenderingContext2D, t: number, w: number, h: number) => void;
        (globalThis as { SECONDS?: number }).SECONDS = seconds;
        const canvas = document.getElementById('c') as HTMLCanvasElement;
        const ctx = canvas.getContext('2d')!;
        const toBase64 = async (b: Blob) => {
          const bytes = new Uint8Array(await b.arrayBuffer());
          let s = '';
          for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(s);
        };
        const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 400_000 });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (e) => chunks.push(e.data);
        const stopped = new Promise((r) => (recorder.onstop = r));
        const t0 = performance.now();
        recorder.start(500);
        await new Promise<void>((done) => {
          const tick = () => {
            const t = (performance.now() - t0) / 1000;
            fn(ctx, t, canvas.width, canvas.height);
            if (t < seconds) requestAnimationFrame(tick);
            else done();
          };
          tick();
        });
        recorder.stop();
        await stopped;
        // The course card image: one still frame at a card's proportions.
        const card = document.createElement('canvas');
        card.width = 640;
        card.height = 360;
        fn(card.getContext('2d')!, seconds / 2, card.width, card.height);
        const png = await new Promise<Blob>((r) => card.toBlob((b) => r(b!), 'image/png'));
        return [await toBase64(new Blob(chunks, { type: 'video/webm' })), await toBase64(png)];
      },
      { seconds: SECONDS, draw: drawFrame.toString().replace('SECONDS', String(SECONDS)) },
    );
    const webm = Buffer.from(video, 'base64');
    const png = Buffer.from(image, 'base64');
    if (webm.length < 10_000 || webm.subarray(0, 4).toString('hex') !== '1a45dfa3') throw new Error('the recording is not a WebM file');
    fs.writeFileSync(path.join(OUT, 'demo-lecture.webm'), webm);
    fs.writeFileSync(path.join(OUT, 'demo-course.png'), png);
    console.log(`demo-lecture.webm ${webm.length} bytes, demo-course.png ${png.length} bytes → ${OUT}`);
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
