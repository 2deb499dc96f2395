/** `npm start`: the whole platform on this machine. Ctrl-C stops every child cleanly. */
import { nodeVersionNotice, readConfig } from './config';
import { startPlatform } from './platform';

// The AWS SDK's own notice that its 2027 releases want Node 22 is said once, plainly, by nodeVersionNotice
// below; the SDK's switch (its environment variable) keeps every thread's client from repeating it, the
// Lambdas' worker threads included, which inherit this environment.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** Under the 10 s a terminal or a service manager gives before it kills. */
const STOP_DEADLINE_MS = 7000;

async function main() {
  const cfg = readConfig();
  const t0 = Date.now();
  const notice = nodeVersionNotice();
  if (!cfg.quiet) console.log(`Starting Bioscope locally (data in ${cfg.dataDir}) …${notice ? `\n${notice}` : ''}`);
  const p = await startPlatform(cfg);
  // Scripts and tests (QUIET=1) read one machine-readable line; people get the summary.
  if (cfg.quiet) console.log(`BIOSCOPE_READY ${JSON.stringify({ ...p, stop: undefined })}`);
  else {
    console.log(`
  Bioscope is running (${((Date.now() - t0) / 1000).toFixed(1)} s)

    Open:             ${p.url}
    Admin:            ${p.admin.email} / ${p.admin.password}${p.admin.created ? '' : '  (as first seeded; unchanged since)'}
    Mail outbox:      ${p.url}/_local/outbox
    Paymob sandbox:   ${p.paymob.apiUrl}/  (checkouts, kiosk references, callbacks; JSON: ${p.paymob.apiUrl}/transactions.json)
    WhatsApp:         ${p.whatsapp.apiUrl}/  (messages sent; JSON: ${p.whatsapp.apiUrl}/messages.json?to=+20…; weekly report now: POST ${p.url}/_local/reports/weekly)
    Health:           ${p.url}/api/health
    Lambdas:          ${p.lambdaWorkers ? `${p.lambdaWorkers} worker threads (LAMBDA_WORKERS; ${p.url}/_local/lambdas)` : "on the gateway's thread (LAMBDA_WORKERS=0)"}
    Demo content:     ${p.demo.seeded ? 'seeded' : p.demo.detail ?? 'present'}
    Video transcoding: ${p.transcoder.ffmpeg ? `ffmpeg ${p.transcoder.ffmpeg} (jobs: ${p.url}/_local/transcoder)` : `OFF — ${p.transcoder.problem}. Uploaded videos fail with this reason.`}
    DynamoDB Local:   ${p.dynamoEndpoint}   S3 (s3rver): ${p.s3Endpoint}   Cognito: ${p.cognitoEndpoint} (cognito-local behind it: ${p.cognitoLocalEndpoint})
    Data folder:      ${p.dataDir}  (wipe with: npm run data:wipe)

  Ctrl-C stops everything.
`);
  }
  // Ctrl-C and SIGTERM stop everything within STOP_DEADLINE_MS: a stop still waiting then (a stand-in
  // that does not answer while it shuts down) kills the children; a second Ctrl-C does so at once.
  let stopping = false;
  const killNow = (why: string) => {
    console.error(why);
    p.kill();
    process.exit(1);
  };
  const shutdown = async (sig: string) => {
    if (stopping) return killNow(`${sig} again: stopping at once`);
    stopping = true;
    if (!cfg.quiet) console.log(`\n${sig}: stopping …`);
    setTimeout(() => killNow(`Not stopped within ${STOP_DEADLINE_MS / 1000} s: its processes are killed`), STOP_DEADLINE_MS).unref();
    await p.stop().catch((e: unknown) => console.error(`Stopping: ${e instanceof Error ? e.message : e}`));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e) => {
  console.error(`Bioscope could not start: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
