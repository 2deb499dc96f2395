/**
 * The parents' weekly report at scale (issue 43): BENCH_PARENTS (default 1,000) parents, each with one
 * child who watched in the week, get the Friday run (POST /_local/reports/weekly), then the run again.
 * Goals: every parent one e-mail and one WhatsApp message; the second run sends none; the run within
 * 90 s (so 10,000 parents fit the job's 15-minute Lambda). The parents and children are written straight
 * into the table with the contract's keys (their sign-up is not what is measured).
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PlatformInfo } from '../infra/local/platform';
import type { Judged } from './bench-http';

const PARENTS = Number(process.env.BENCH_PARENTS ?? 1000);
const GOAL_SECONDS = 90;

interface RunResult {
  week: { from: string; to: string };
  parents: number;
  email: { sent: number; failed: number; alreadySent: number };
  whatsapp: { sent: number; failed: number; alreadySent: number };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** 16:00 UTC (18:00 Cairo) on the first Friday after today, and the week that run reports. */
function nextFridayRun() {
  let d = addDays(new Date().toISOString().slice(0, 10), 1);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 5) d = addDays(d, 1);
  return { at: `${d}T16:00:00.000Z`, weekFrom: addDays(d, -7) };
}

export async function weeklyReportRun(info: PlatformInfo): Promise<{ row: Record<string, unknown>; judged: Judged[] }> {
  const { ddb, uniq } = await import('../test/support/platform');
  const db = ddb();
  const run = nextFridayRun();
  const tag = uniq('wk');
  const now = new Date().toISOString();
  const items: Record<string, unknown>[] = [];
  const numbers = new Set<string>();
  for (let i = 0; i < PARENTS; i++) {
    const parentId = `${tag}p${i}`;
    const childId = `${tag}c${i}`;
    const mobileNumber = `+20102${String(i).padStart(7, '0')}`;
    numbers.add(mobileNumber);
    items.push(
      { PK: `USER#${parentId}`, SK: 'PROFILE', id: parentId, email: `${parentId}@bench.local`, firstName: 'Parent', lastName: String(i), role: 'PARENT', locale: i % 2 ? 'ar' : 'en', mobileNumber, createdAt: now },
      { PK: 'PARENTS', SK: parentId, parentId, createdAt: now },
      { PK: `USER#${parentId}`, SK: `CHILD#${childId}`, studentId: childId, linkedAt: now },
      { PK: `USER#${childId}`, SK: `PARENT#${parentId}`, parentId, linkedAt: now },
      { PK: `USER#${childId}`, SK: 'PROFILE', id: childId, email: `${childId}@bench.local`, firstName: 'Student', lastName: String(i), role: 'USER', createdAt: now },
      { PK: `USER#${childId}`, SK: `WATCHDAY#${run.weekFrom}`, seconds: 600 + i },
    );
  }
  for (let i = 0; i < items.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [info.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }

  const weekly = async () => {
    const t = performance.now();
    const r = await fetch(`${info.url}/_local/reports/weekly?now=${run.at}`, { method: 'POST' });
    if (r.status !== 200) throw new Error(`weekly run: ${r.status} ${await r.text()}`);
    return { result: (await r.json()) as RunResult, seconds: (performance.now() - t) / 1000 };
  };
  const first = await weekly();
  const second = await weekly();

  // What reached the bench's parents: WhatsApp from the stand-in, e-mail from the outbox (AP26).
  const messages = ((await (await fetch(`${info.whatsapp.apiUrl}/messages.json`)).json()) as { data: { to: string }[] }).data.filter((m) => numbers.has(m.to));
  const perNumber = new Map<string, number>();
  for (const m of messages) perNumber.set(m.to, (perNumber.get(m.to) ?? 0) + 1);
  const perAddress = new Map<string, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName: info.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX' }, ExclusiveStartKey: start }));
    for (const m of page.Items ?? []) if (String(m.to).startsWith(tag)) perAddress.set(m.to as string, (perAddress.get(m.to as string) ?? 0) + 1);
    start = page.LastEvaluatedKey;
  } while (start);
  const twiceWhatsApp = [...perNumber.values()].filter((n) => n > 1).length;
  const twiceMail = [...perAddress.values()].filter((n) => n > 1).length;

  const row = {
    parents: PARENTS,
    firstRunSeconds: Number(first.seconds.toFixed(1)),
    secondRunSeconds: Number(second.seconds.toFixed(1)),
    emailsSent: first.result.email.sent,
    whatsAppSent: first.result.whatsapp.sent,
    emailsReceived: perAddress.size,
    whatsAppReceived: perNumber.size,
    sentBySecondRun: second.result.email.sent + second.result.whatsapp.sent,
    receivedTwice: twiceMail + twiceWhatsApp,
  };
  console.log(
    `weekly report: ${PARENTS} parents in ${row.firstRunSeconds} s (${row.emailsSent} e-mails, ${row.whatsAppSent} WhatsApp); ` +
      `run again in ${row.secondRunSeconds} s sent ${row.sentBySecondRun}; received twice: ${row.receivedTwice}`,
  );
  return {
    row,
    judged: [
      { figure: `weekly report: ${PARENTS} parents`, value: `${row.firstRunSeconds} s`, goal: `<= ${GOAL_SECONDS} s`, holds: row.firstRunSeconds <= GOAL_SECONDS },
      {
        figure: 'weekly report: one e-mail and one WhatsApp each',
        value: `${row.emailsReceived} + ${row.whatsAppReceived} received`,
        goal: `${PARENTS} + ${PARENTS}`,
        holds: row.emailsReceived === PARENTS && row.whatsAppReceived === PARENTS,
      },
      { figure: 'weekly report: run twice', value: `${row.sentBySecondRun} sent again, ${row.receivedTwice} twice`, goal: '0 and 0', holds: row.sentBySecondRun === 0 && row.receivedTwice === 0 },
    ],
  };
}
