/**
 * A Lambda's stack trace from its logs, back in the repository's files and lines:
 *
 *   npm run decode-trace -- <function> [--maps <dir>] < trace.txt
 *
 * <function> is what the bundler built (`payments`, `media/on-upload`: cdk.out/sourcemaps/ lists
 * them); the maps are those of the deploy that made the running code: cdk.out/sourcemaps/ after
 * `cdk deploy` on your machine (the default), or the `sourcemaps-<stage>-<commit>` artifact of the
 * GitHub deploy (--maps <its folder>). The Lambdas ship no map and run without
 * --enable-source-maps (a cold start would load 3–4 MB for it), so their traces name index.mjs.
 */
import fs from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUNDLE_FILE, REPO_ROOT, SOURCE_MAPS_DIR } from '../infra/bundling/lambda-bundle';

const USAGE = 'npm run decode-trace -- <function> [--maps <dir>] < trace.txt';

/** Every `index.mjs:<line>:<column>` of the text replaced by the source's `file:line:column` (all 1-based). */
export function decodeTrace(trace: string, map: SourceMap): string {
  const position = new RegExp(`(?:file://)?[^\\s()]*${BUNDLE_FILE.replace('.', '\\.')}:(\\d+):(\\d+)`, 'g');
  return trace.replace(position, (whole, line: string, column: string) => {
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1);
    return 'originalSource' in entry ? `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}` : whole;
  });
}

function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { maps: { type: 'string', default: path.join(REPO_ROOT, 'cdk.out', SOURCE_MAPS_DIR) } } });
  const [target] = positionals;
  if (!target) throw new Error(`usage: ${USAGE}`);
  const file = path.resolve(values.maps, target, `${BUNDLE_FILE}.map`);
  if (!fs.existsSync(file)) throw new Error(`No source map at ${file}: synthesize or deploy first (it is written by cdk synth), or pass --maps <folder of the deploy's maps>`);
  const map = new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8')) as SourceMapPayload);
  process.stdout.write(decodeTrace(fs.readFileSync(0, 'utf8'), map));
}

if (require.main === module) {
  try {
    main();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
