import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser takes compressed; images, fonts and video are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/**
 * Writes `<file>.br` and `<file>.gz` beside every built text file, at the strongest settings (done
 * once per build, not per request), so the local gateway sends them by Accept-Encoding
 * (infra/local/static-files.ts) as CloudFront does in AWS. A copy not smaller than the file is not
 * written. In AWS the deployment leaves these copies out: CloudFront compresses itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bioscope:precompress',
    // Not for the Node build of the prerender (web/build/prerender.ts): nothing of it is served.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) compressFile(file);
      },
    },
  };
}

/** Writes `<file>.br` and `<file>.gz` for a compressible file (again, if it changed: web/build/prerender.ts). */
export function compressFile(file: string): void {
  if (!COMPRESSIBLE.test(file)) return;
  const plain = fs.readFileSync(file);
  if (plain.length < MIN_BYTES) return;
  const br = zlib.brotliCompressSync(plain, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
  const gz = zlib.gzipSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (br.length < plain.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < plain.length) fs.writeFileSync(`${file}.gz`, gz);
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
