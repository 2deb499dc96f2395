/**
 * How a domain Lambda is bundled, defined once: the CDK construct runs this file to bundle each
 * function, and `npm run bench` measures the very same output.
 *
 * The source map is written apart from the bundle (the CDK construct puts it in
 * cdk.out/sourcemaps/<function>/), never into the uploaded asset, and the bundle does not link to it:
 * loading a 3–4 MB map with --enable-source-maps cost every cold start tens of milliseconds.
 * `npm run decode-trace` reads it back for a stack trace from the logs.
 *
 * Why not NodejsFunction's bundling: it cannot take esbuild plugins, and zod's entry re-exports
 * every locale it ships (about half of each bundle) although only English messages are used.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const BUNDLE_FILE = 'index.mjs';
/** Under the cloud assembly (cdk.out): <function>/index.mjs.map of each bundle, which scripts/decode-trace.ts reads. */
export const SOURCE_MAPS_DIR = 'sourcemaps';

/** zod's `locales` namespaces become just `en`, the one the messages use. */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) =>
      a.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.resolve(path.dirname(a.importer), '../locales/index.js'), namespace: 'zod-locales' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (a) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(a.path),
      loader: 'js',
    }));
  },
};

/**
 * What a Lambda is built from: a domain's routes (`catalogue` → functions/catalogue/index.ts) or one
 * handler file under functions/ (`media/on-upload` → functions/media/on-upload.ts: the video pipeline's
 * event handlers, which no route reaches). Either way the bundle is index.mjs, handler `handler`.
 */
export const entryFileOf = (target: string) => path.join(REPO_ROOT, 'functions', target.includes('/') ? `${target}.ts` : path.join(target, 'index.ts'));

export function lambdaBuildOptions(target: string): BuildOptions {
  return {
    entryPoints: { index: entryFileOf(target) },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    // @middy/*, jose and ulid are ESM-only; bundled CommonJS code (the AWS SDK) gets its `require` here.
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    mainFields: ['module', 'main'],
    minify: true,
    // The map as a file of its own, with no sourceMappingURL comment in the bundle.
    sourcemap: 'external',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [zodEnglishOnly],
  };
}

/**
 * Bundles a domain (functions/<domain>/index.ts) or a handler file (see entryFileOf) into outdir/index.mjs,
 * and its source map, its sources named from the repository's root, into mapsDir/index.mjs.map when
 * given; returns the JS bytes.
 */
export async function bundleLambda(target: string, outdir?: string, mapsDir?: string): Promise<Uint8Array> {
  const jsDir = outdir ?? path.join(REPO_ROOT, '.bench', target);
  const r = await build({ ...lambdaBuildOptions(target), write: false, outdir: jsDir, outExtension: { '.js': '.mjs' } });
  const js = r.outputFiles.find((f) => f.path.endsWith('.mjs'))!;
  const map = r.outputFiles.find((f) => f.path.endsWith('.map'))!;
  if (outdir) {
    fs.mkdirSync(outdir, { recursive: true });
    fs.writeFileSync(js.path, js.contents);
  }
  if (mapsDir) {
    const parsed = JSON.parse(map.text) as { sources: string[] };
    parsed.sources = parsed.sources.map((s) => path.relative(REPO_ROOT, path.resolve(jsDir, s)).split(path.sep).join('/'));
    fs.mkdirSync(mapsDir, { recursive: true });
    fs.writeFileSync(path.join(mapsDir, `${BUNDLE_FILE}.map`), JSON.stringify(parsed));
  }
  return js.contents;
}

// `tsx infra/bundling/lambda-bundle.ts <domain | dir/handler> <outdir> [<mapsdir>]`: what CDK's local bundling runs.
if (require.main === module) {
  const [target, outdir, mapsDir] = process.argv.slice(2);
  if (!target || !outdir) throw new Error('usage: lambda-bundle.ts <domain | dir/handler> <outdir> [<mapsdir>]');
  bundleLambda(target, outdir, mapsDir).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
