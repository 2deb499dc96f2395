/**
 * A talking-head-with-board lecture made by ffmpeg alone (lavfi: shapes, no fonts, nothing
 * downloaded), for `npm run bench:video`: what a teacher records, in the ways that cost bits.
 *
 * - a green board whose chalk lines (thin strokes, fine detail) appear one by one, as written;
 * - a slide screen beside it that changes every 10 s (a title bar and bullets of another length);
 * - the teacher: a head with a talking mouth and a torso walking slowly to and fro in front of the board;
 * - a camera's light grain on every frame (a still board is never perfectly still);
 * - speech-like sound: a voice's harmonics in syllables of about 4 a second, with pauses.
 *
 * 1280×720, 30 fps, H.264 at high quality (CRF 16) and AAC stereo 128 kbit/s, like a phone's recording.
 *
 *   npx tsx scripts/make-lecture-sample.ts [seconds=60] [out=lecture-sample.mp4]
 */
import { execFileSync } from 'node:child_process';
import { findFfmpeg } from '../infra/local/transcoder';

const W = 1280;
const H = 720;
const FPS = 30;
const BOARD = { x: 40, y: 40, w: 760, h: 460 };
const SLIDE = { x: 840, y: 60, w: 400, h: 300 };
const SLIDE_SECONDS = 10;

/** A fixed pseudo-random sequence: the same sample on every machine. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const box = (x: number, y: number, w: number, h: number, color: string, enable?: string) =>
  `drawbox=x=${Math.round(x)}:y=${Math.round(y)}:w=${Math.round(w)}:h=${Math.round(h)}:color=${color}:t=fill${enable ? `:enable='${enable}'` : ''}`;

/** The board's chalk: lines of "words" (strokes with ticks), line i written from 2 + 2.5·i s on. */
function chalk(): string[] {
  const r = rng(7);
  const out: string[] = [];
  for (let line = 0; line < 11; line++) {
    const y = BOARD.y + 30 + line * 38;
    const from = 2 + line * 2.5;
    let x = BOARD.x + 30;
    while (x < BOARD.x + BOARD.w - 80) {
      const w = 20 + r() * 70;
      out.push(box(x, y + 12, w, 3, 'white@0.85', `gte(t,${from.toFixed(1)})`));
      for (let tick = x + 6; tick < x + w - 4; tick += 9 + r() * 8) out.push(box(tick, y + r() * 6, 3, 10 + r() * 8, 'white@0.8', `gte(t,${from.toFixed(1)})`));
      x += w + 18 + r() * 14;
    }
  }
  return out;
}

/** The slides: four, one every SLIDE_SECONDS, each a title bar of its colour and bullets of its own lengths. */
function slides(): string[] {
  const r = rng(11);
  const colors = ['0x1f6fb2', '0xb2461f', '0x2e8b57', '0x6a3fa0'];
  const out = [box(SLIDE.x, SLIDE.y, SLIDE.w, SLIDE.h, '0xf4f4f0')];
  colors.forEach((color, k) => {
    const on = `eq(mod(floor(t/${SLIDE_SECONDS}),${colors.length}),${k})`;
    out.push(box(SLIDE.x + 16, SLIDE.y + 16, SLIDE.w - 32, 36, color, on));
    for (let b = 0; b < 6; b++) {
      const y = SLIDE.y + 76 + b * 34;
      out.push(box(SLIDE.x + 24, y + 4, 10, 10, color, on), box(SLIDE.x + 44, y + 6, 120 + r() * 200, 6, '0x505050', on));
    }
  });
  return out;
}

/** ffmpeg's arguments that write the sample of `seconds` to `out`. */
export function lectureSampleArgs(seconds: number, out: string): string[] {
  const x = `520+200*sin(2*PI*t/13)`;
  // The head (an ellipse with hair and a mouth that opens and closes) and its alpha, drawn once per frame on a small canvas.
  const inHead = 'lte(pow((X-60)/55,2)+pow((Y-75)/70,2),1)';
  const mouth = 'lt(abs(X-60),16)*lt(abs(Y-112),2+5*abs(sin(2*PI*2*T)))';
  const hair = 'lt(Y,32)';
  const channel = (skin: number, hairC: number, mouthC: number) => `'if(${inHead},if(${hair},${hairC},if(${mouth},${mouthC},${skin})),0)'`;
  const head = `nullsrc=s=120x150:r=${FPS}:d=${seconds},format=rgba,geq=r=${channel(214, 40, 120)}:g=${channel(160, 30, 50)}:b=${channel(128, 25, 50)}:a='if(${inHead},255,0)'`;
  const scene = [
    `color=c=0x8a8f94:s=${W}x${H}:r=${FPS}:d=${seconds}`,
    box(BOARD.x - 10, BOARD.y - 10, BOARD.w + 20, BOARD.h + 20, '0x5a3d22'),
    box(BOARD.x, BOARD.y, BOARD.w, BOARD.h, '0x22402f'),
    ...chalk(),
    ...slides(),
  ].join(',');
  const voice =
    '0.25*(sin(2*PI*140*t)+0.6*sin(2*PI*280*t)+0.5*sin(2*PI*560*t)+0.3*sin(2*PI*1120*t)+0.15*sin(2*PI*2240*t))' +
    '*pow(abs(sin(2*PI*2*t)),2)*gt(sin(2*PI*0.23*t)+0.3*sin(2*PI*1.1*t),-0.4)+0.01*(2*random(0)-1)';
  const graph = [
    `${scene}[board]`,
    `color=c=0x2b4a7a:s=220x260:r=${FPS}:d=${seconds}[torso]`,
    `${head}[head]`,
    `[board][torso]overlay=x='${x}':y=470[a]`,
    `[a][head]overlay=x='${x}+50':y=330,noise=alls=3:allf=t,format=yuv420p[v]`,
  ].join(';');
  return [
    '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
    '-filter_complex', graph,
    '-f', 'lavfi', '-i', `aevalsrc='${voice}':s=48000:d=${seconds}`,
    '-map', '[v]', '-map', '0:a',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-t', String(seconds), out,
  ];
}

if (require.main === module) {
  const ffmpeg = findFfmpeg();
  if (!('path' in ffmpeg)) throw new Error(ffmpeg.missing);
  const seconds = Number(process.argv[2] ?? 60);
  const out = process.argv[3] ?? 'lecture-sample.mp4';
  execFileSync(ffmpeg.path, lectureSampleArgs(seconds, out), { stdio: 'inherit' });
  console.log(`wrote ${out}: ${seconds} s of a talking head with a board and slides`);
}
