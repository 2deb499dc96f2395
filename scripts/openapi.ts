/**
 * `npm run openapi`: writes openapi.json from the route table, after linting it with Redocly's
 * recommended rules (any error or warning fails the run).
 * `tsx scripts/openapi.ts --lint-json [--stdin]` only lints (the generated document, or the one on
 * stdin) and prints the problems as JSON: the unit test runs it so, since @redocly/openapi-core is
 * ES-module only and jest's CommonJS cannot load it. `--print` prints the file's text unwritten (the
 * test compares the committed openapi.json with it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { openApiDocument } from '../shared/openapi';

export async function lintOpenApi(source: string) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  return problems.map((p) => ({ ruleId: p.ruleId, severity: p.severity, message: p.message, where: p.location.map((l) => l.pointer).join(' ') }));
}

/** The text of openapi.json: what `npm run openapi` writes, and what the unit test compares the committed file with. */
const fileText = (source: string) => `${source}\n`;

async function main() {
  const source = process.argv.includes('--stdin') ? fs.readFileSync(0, 'utf8') : JSON.stringify(openApiDocument(), null, 2);
  if (process.argv.includes('--print')) {
    process.stdout.write(fileText(source));
    return;
  }
  const problems = await lintOpenApi(source);
  if (process.argv.includes('--lint-json')) {
    process.stdout.write(JSON.stringify(problems));
    return;
  }
  for (const p of problems) console.log(`${p.severity} ${p.ruleId}: ${p.message} (${p.where})`);
  if (problems.length) {
    console.error(`openapi.json not written: ${problems.length} lint problem(s) under Redocly's recommended rules`);
    process.exit(1);
  }
  const out = path.resolve(__dirname, '../openapi.json');
  fs.writeFileSync(out, fileText(source));
  console.log(`Wrote ${out} (lints clean under Redocly's recommended rules)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
