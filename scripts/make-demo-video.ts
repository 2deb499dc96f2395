/**
 * Makes the demo media that `npm start` seeds (infra/local/assets/): a 12-second lecture title
 * card with a large running clock (so a seek shows where it landed) as WebM (VP8, which Debian's
 * Chromium plays) and a course image (PNG), both rendered by headless Chromium so nothing is
 * downloaded. The frames are drawn at exact times and encoded by WebCodecs with a key frame every
 * second; scripts/webm-mux.ts writes them with a Duration and a Cues index, so the browser knows
 * the length at once and seeks without playing through (MediaRecorder's live WebM has neither).
 * The outputs are committed; run this only to change them:  npx tsx scripts/make-demo-video.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { type EncodedFrame, muxWebm } from './webm-mux';

const OUT = path.resolve(__dirname, '../infra/local/assets');
const SECONDS = 12;
const FPS = 30;
const WIDTH = 640;
const HEIGHT = 360;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function chromiumPath(): string {
  const found = execSync('command -v chromium || command -v chromium-browser || true', { shell: '/bin/sh' }).toString().trim();
  if (!found) throw new Error('No Chromium: apt-get update && apt-get install -y chromium');
  return found;
}

/**
 * Runs in the page: draws the lecture title card at time t (seconds) of `total`. With `clock`, a
 * large mm:ss.t clock and a bar with a tick per second show where the video is; without it (the
 * course image) a small caption instead.
 */
function drawFrame(ctx: CanvasRenderingContext2D, t: number, w: number, h: number, total: number, clock: boolean) {
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, `hsl(${(160 + t * 20) % 360}, 60%, 22%)`);
  g.addColorStop(1, `hsl(${(220 + t * 20) % 360}, 60%, 12%)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  // A cell that divides: the subject is biology.
  const r = (clock ? 30 : 40) + 8 * Math.sin(t * 3);
  const split = Math.min(1, t / total) * 70;
  ctx.fillStyle = 'rgba(120, 220, 160, 0.85)';
  for (const dx of [-split, split]) {
    ctx.beginPath();
    ctx.arc(w / 2 + dx, clock ? h / 2 - 30 : h / 2 + 20, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.font = 'bold 34px "DejaVu Sans", sans-serif';
  ctx.direction = 'rtl';
  ctx.fillText('بيوسكوب — المحاضرة الأولى', w / 2, 60);
  ctx.direction = 'ltr';
  if (!clock) {
    ctx.font = '22px "DejaVu Sans", sans-serif';
    ctx.fillText('Bioscope demo lecture: cell division', w / 2, h - 50);
    ctx.font = '18px "DejaVu Sans Mono", monospace';
    ctx.fillText(`${t.toFixed(1)} s`, w / 2, h - 20);
    return;
  }
  ctx.font = '20px "DejaVu Sans", sans-serif';
  ctx.fillText('Bioscope demo lecture: cell division', w / 2, h - 122);
  const tenths = Math.floor(t * 10 + 1e-6);
  const mm = String(Math.floor(tenths / 600)).padStart(2, '0');
  const ss = String(Math.floor(tenths / 10) % 60).padStart(2, '0');
  ctx.font = 'bold 64px "DejaVu Sans Mono", monospace';
  ctx.fillText(`${mm}:${ss}.${tenths % 10}`, w / 2, h - 50);
  // The bar: filled up to t, a tick and its number every second.
  const x0 = 30;
  const bw = w - 60;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.25)';
  ctx.fillRect(x0, h - 30, bw, 8);
  ctx.fillStyle = '#7fe0a8';
  ctx.fillRect(x0, h - 30, (bw * t) / total, 8);
  ctx.fillStyle = '#fff';
  ctx.font = '11px "DejaVu Sans Mono", monospace';
  for (let s = 0; s <= total; s++) {
    const x = x0 + (bw * s) / total;
    ctx.fillRect(x - 0.5, h - 34, 1, 16);
    ctx.fillText(String(s), x, h - 6);
  }
}

/** Serves a blank page on 127.0.0.1: WebCodecs needs a secure context, which about:blank is not. */
async function blankOrigin(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_, res) => res.end('<!doctype html><title>make-demo-video</title>'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

interface PageFrame {
  timestampMs: number;
  key: boolean;
  data: string;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const origin = await blankOrigin();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(origin.url);
    // tsx (esbuild keepNames) wraps functions in __name(); the page has no such helper.
    await page.evaluate('globalThis.__name = (f) => f');
    const [frames, image] = await page.evaluate(
      async ({ seconds, fps, width, height, draw }) => {
        const fn = new Function(`return (${draw})`)() as (c: CanvasRenderingContext2D, t: number, w: number, h: number, total: number, clock: boolean) => void;
        const toBase64 = (bytes: Uint8Array) => {
          let s = '';
          for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(s);
        };
        const canvas = new OffscreenCanvas(width, height);
        const ctx = canvas.getContext('2d')! as unknown as CanvasRenderingContext2D;
        const out: PageFrame[] = [];
        let failure: unknown;
        const encoder = new VideoEncoder({
          output: (chunk) => {
            const data = new Uint8Array(chunk.byteLength);
            chunk.copyTo(data);
            out.push({ timestampMs: chunk.timestamp / 1000, key: chunk.type === 'key', data: toBase64(data) });
          },
          error: (e) => (failure = e),
        });
        encoder.configure({ codec: 'vp8', width, height, bitrate: 200_000, framerate: fps });
        for (let i = 0; i < seconds * fps; i++) {
          fn(ctx, i / fps, width, height, seconds, true);
          const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / fps), duration: Math.round(1e6 / fps) });
          encoder.encode(frame, { keyFrame: i % fps === 0 });
          frame.close();
          while (encoder.encodeQueueSize > 4) await new Promise((r) => setTimeout(r, 5));
        }
        await encoder.flush();
        encoder.close();
        if (failure) throw failure;
        // The course card image: one still frame at a card's proportions.
        const card = document.createElement('canvas');
        card.width = 640;
        card.height = 360;
        fn(card.getContext('2d')!, 3, card.width, card.height, 6, false);
        const png = await new Promise<Blob>((r) => card.toBlob((b) => r(b!), 'image/png'));
        return [out, toBase64(new Uint8Array(await png.arrayBuffer()))] as const;
      },
      { seconds: SECONDS, fps: FPS, width: WIDTH, height: HEIGHT, draw: drawFrame.toString() },
    );
    const encoded: EncodedFrame[] = frames.map((f) => ({ timestampMs: f.timestampMs, key: f.key, data: Buffer.from(f.data, 'base64') }));
    if (encoded.length !== SECONDS * FPS) throw new Error(`encoded ${encoded.length} frames, expected ${SECONDS * FPS}`);
    const webm = muxWebm({ codecId: 'V_VP8', width: WIDTH, height: HEIGHT, frameMs: 1000 / FPS }, encoded);
    const png = Buffer.from(image, 'base64');
    fs.writeFileSync(path.join(OUT, 'demo-lecture.webm'), webm);
    fs.writeFileSync(path.join(OUT, 'demo-course.png'), png);
    const keys = encoded.filter((f) => f.key).length;
    console.log(`demo-lecture.webm ${webm.length} bytes (${SECONDS} s, ${keys} key frames), demo-course.png ${png.length} bytes → ${OUT}`);
  } finally {
    await browser.close();
    origin.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
