/**
 * The Lambdas sign nothing for AWS by hand: every AWS request goes through the SDK (its SigV4
 * signer, retries, credentials). The app's own HMACs are allowed, by name: Paymob's callback
 * signature, the device cookie, the reset code's hash, the recharge codes' keys and the weekly report's
 * one-tap opt-out link. SigV4 is allowed nowhere.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'functions');

/** The app-level HMACs, each for a reason of its own (not an AWS request). */
const APP_HMACS = ['functions/payments/paymob-hmac.ts', 'functions/auth/device-cookie.ts', 'functions/auth/reset-code.ts', 'functions/wallet/code-keys.ts', 'functions/reports/report-link.ts'];

const sourcesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });

const files = sourcesUnder(FUNCTIONS).map((f) => ({ file: path.relative(ROOT, f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));

it('finds the functions/ sources it checks', () => {
  expect(files.length).toBeGreaterThan(50);
  expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(APP_HMACS));
});

it('holds no Signature Version 4 anywhere under functions/', () => {
  const sigV4 = /AWS4-HMAC-SHA256|aws4_request|x-amz-date|x-amz-security-token|x-amz-content-sha256/i;
  expect(files.filter((f) => sigV4.test(f.text)).map((f) => f.file)).toEqual([]);
});

it('makes HMACs only in the app-level files named here', () => {
  const hmac = /\bcreateHmac\s*\(|\bcreateSign\s*\(|\bsubtle\.sign\s*\(/;
  expect(files.filter((f) => hmac.test(f.text)).map((f) => f.file).sort()).toEqual([...APP_HMACS].sort());
});
