// Writes a stage's settings, the JSON of a GitHub repository variable (CDK_CONTEXT), as
// cdk.context.json, which the CDK CLI reads beside cdk.json: the same keys as the `-c` values of
// docs/deploy.md step 5. Settings that are JSON themselves (contactInfo, hlsLadder) may be
// written as JSON; they become the strings the app reads.
import fs from 'node:fs';

const raw = process.env.CDK_CONTEXT ?? '';
let settings;
try {
  settings = JSON.parse(raw);
} catch {
  settings = undefined;
}
if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) {
  console.error(
    raw.trim() === ''
      ? "The stage's settings are not set: add the repository variable (CDK_CONTEXT_DEV or CDK_CONTEXT_PROD) as docs/deploy.md, \"Deploying from GitHub\", shows."
      : "The stage's settings variable is not a JSON object of settings: see docs/deploy.md, \"Deploying from GitHub\".",
  );
  process.exit(1);
}
const context = Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, value !== null && typeof value === 'object' ? JSON.stringify(value) : value]));
fs.writeFileSync('cdk.context.json', `${JSON.stringify(context, null, 2)}\n`);
console.log(`cdk.context.json: ${Object.keys(context).join(', ')}`);
