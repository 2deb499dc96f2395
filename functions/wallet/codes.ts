/**
 * Recharge codes: the teacher's batches (create, list, disable, the CSV) and a student's redemption,
 * which is one transaction with its effect — the wallet credited (wallet-repo moveWallet), the
 * lecture granted (purchase-repo purchaseItems) or the term's bundle given (term-purchase-repo
 * termPurchaseItems, as a bought bundle) — so a code pays once however many try it at once.
 * Guessing is slowed per student and per source address (AP50): wrong codes are counted, a try over
 * either cap is refused before the look-up, and a wrong code counted over a cap (parallel guesses)
 * is answered 429, not 404 — so no more than the caps' wrong codes are ever told apart per window,
 * while right codes, however many at once from one address (a centre's network), are never counted.
 */
import { ulid } from 'ulid';
import type { z } from 'zod';
import { formatRechargeCode, newRechargeCode, readRechargeCode } from '../../shared/recharge-code';
import type { codeBatch, CreateCodeBatchBody } from '../../shared/schemas/wallet';
import { isUnexpired, sellsBundle, toLecture } from '../catalogue/public';
import { countInWindow, type WindowCount, windowCount } from '../data/attempt-window-repo';
import {
  batchById,
  batchesNewestFirst,
  batchItemById,
  type CodeBatchRecord,
  codeByHash,
  codesOfBatch,
  type CodeRecord,
  giveGates,
  putBatch,
  redemptionItems,
  setBatchDisabled,
  storeBatchName,
  writeRedemption,
} from '../data/code-repo';
import { lectureById } from '../data/lecture-repo';
import { purchaseItems, purchaseOf } from '../data/purchase-repo';
import { termById } from '../data/term-repo';
import { type TermPurchaseRecord, termPurchaseItems, termPurchaseOf } from '../data/term-purchase-repo';
import { fullName, peopleByIds } from '../data/user-repo';
import { noteItem } from '../data/notification-repo';
import { moveWallet, walletOf, WalletAlsoFailed } from '../data/wallet-repo';
import { BadRequest, Conflict, Gone, NotFound, TooManyRequests } from '../lib/errors';
import { logger } from '../lib/log';
import { expiryAfter } from '../payments/public';
import { codeKeys } from './code-keys';

type CodeBatch = z.infer<typeof codeBatch>;

/** Wrong codes allowed in a window, per student and per source address (a school's network shares one). */
export const WRONG_CODES_PER_STUDENT = 5;
export const WRONG_CODES_PER_SOURCE = 30;
export const WRONG_CODES_WINDOW_SECONDS = 15 * 60;
const STUDENT_WINDOW = 'codes-student';
const SOURCE_WINDOW = 'codes-source';

const toBatch = (b: CodeBatchRecord): CodeBatch => ({
  id: b.id,
  label: b.label,
  value: b.value,
  lectureId: b.lectureId,
  lectureName: b.lectureName ?? null,
  termId: b.termId ?? null,
  termName: b.termName ?? null,
  count: b.count,
  redeemed: b.redeemed,
  disabled: b.disabled,
  createdAt: b.createdAt,
  expiresAt: b.validUntil ?? null,
});

const batchNotFound = () => new NotFound('No batch of codes has this id', 'codes.batchNotFound');

/** What a batch grants, with its name kept on the batch: a paid lecture, or a term sold as a bundle now. */
async function grantOf(b: CreateCodeBatchBody, now: Date): Promise<Pick<CodeBatchRecord, 'lectureName' | 'termId' | 'termName'>> {
  if (b.lectureId) {
    const lecture = await lectureById(b.lectureId);
    if (!lecture || lecture.archived) throw new NotFound('Lecture not found', 'lecture.notFound');
    if (toLecture(lecture).isFree) throw new BadRequest('A free lecture needs no code', 'payment.free');
    return { lectureName: lecture.name };
  }
  if (b.termId) {
    const term = await termById(b.termId);
    if (!term) throw new NotFound('Term not found', 'term.notFound');
    if (!sellsBundle(term, now)) throw new BadRequest("A term's codes need the term sold as a bundle: a bundle price and an end ahead", 'codes.termNoBundle');
    return { termId: term.id, termName: term.name };
  }
  return {};
}

/** POST /api/admin/codes/batches: `count` new codes, each sealed and stored under its keyed hash. */
export async function createCodeBatch(b: CreateCodeBatchBody, now = new Date()): Promise<CodeBatch> {
  const grant = await grantOf(b, now);
  const keys = await codeKeys();
  const batch: CodeBatchRecord = {
    id: ulid(),
    label: b.label,
    value: b.value ?? null,
    lectureId: b.lectureId ?? null,
    ...grant,
    count: b.count,
    redeemed: 0,
    disabled: false,
    createdAt: now.toISOString(),
    ...(b.expiresAt ? { validUntil: new Date(b.expiresAt).toISOString() } : {}),
  };
  const codes = Array.from({ length: b.count }, (_, i) => {
    const code = newRechargeCode();
    return { hash: keys.lookup(code), n: i + 1, sealed: keys.seal(code, batch.id) };
  });
  await putBatch(batch, codes);
  logger.info('code batch created', { batchId: batch.id, count: batch.count, value: batch.value, lectureId: batch.lectureId, termId: batch.termId });
  return toBatch(batch);
}

/**
 * GET /api/admin/codes/batches: one Query (the batches with their gates). A batch made before the
 * gates is given them here, and one made before names were stored has its lecture's name read and
 * written back: both once, on the first list that meets it.
 */
export async function listCodeBatches(): Promise<CodeBatch[]> {
  const batches = await batchesNewestFirst();
  await Promise.all(batches.filter((b) => b.gates === undefined).map((b) => giveGates(b)));
  const named = await Promise.all(
    batches.map(async (b) => {
      if (!b.lectureId || b.lectureName !== undefined) return b;
      const lecture = await lectureById(b.lectureId);
      if (!lecture) return b; // deleted: no name to give (null)
      await storeBatchName(b.id, { lectureName: lecture.name });
      return { ...b, lectureName: lecture.name };
    }),
  );
  return named.map(toBatch);
}

/** PATCH /api/admin/codes/batches/{batchId}: a lost batch stops at once (the redemption's transaction reads the flag). */
export const updateCodeBatch = async (batchId: string, b: { disabled: boolean }): Promise<CodeBatch> => toBatch(await setBatchDisabled(batchId, b.disabled));

const isOver = (b: CodeBatchRecord, at: string) => b.validUntil !== undefined && b.validUntil <= at;

/** A CSV cell: quoted when it must be, and never read by a spreadsheet as a formula. */
const cell = (v: string) => {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** GET …/codes.csv: every code of the batch opened again, its state, who redeemed it and when (UTF-8 with a BOM, for Excel). */
export async function codeBatchCsv(batchId: string, now = new Date()): Promise<{ file: Uint8Array; name: string }> {
  const batch = await batchById(batchId);
  if (!batch) throw batchNotFound();
  const [keys, codes] = await Promise.all([codeKeys(), codesOfBatch(batchId)]);
  const people = await peopleByIds(codes.flatMap((c) => (c.redeemedBy ? [c.redeemedBy] : [])));
  const unusedState = batch.disabled ? 'disabled' : isOver(batch, now.toISOString()) ? 'expired' : 'unused';
  const rows = codes
    .sort((a, b) => a.n - b.n)
    .map((c: CodeRecord) => {
      const who = c.redeemedBy ? people.get(c.redeemedBy) : undefined;
      return [formatRechargeCode(keys.open(c.sealed, batchId)), c.redeemedBy ? 'redeemed' : unusedState, c.redeemedBy ? (who ? fullName(who) : c.redeemedBy) : '', c.redeemedAt ?? ''];
    });
  const text = [['code', 'state', 'redeemedBy', 'redeemedAt'], ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  return { file: new TextEncoder().encode(`\uFEFF${text}\r\n`), name: `codes-${batchId}.csv` };
}

/** 429 once a window holds more than `cap` wrong codes (`cap` itself, `before` a look-up). */
function refuseOver(w: WindowCount, cap: number, now: number, before = false) {
  if (w.count < cap || (!before && w.count === cap)) return;
  const seconds = Math.max(1, (w.endsAt - now) / 1000);
  throw new TooManyRequests(`Too many wrong codes; try again in ${Math.ceil(seconds / 60)} minutes`, 'wallet.tooManyCodes', seconds);
}

export interface Redeemed {
  balance: number;
  credited: number;
  lecture?: { lectureId: string; lectureName: string; expiryDate: string };
  termId?: string;
  termName?: string;
}

/** POST /api/wallet/redeem */
export async function redeemCode(userId: string, typed: string, source: string, now = new Date()): Promise<Redeemed> {
  const read = readRechargeCode(typed);
  if ('mistyped' in read) throw new BadRequest('This code has a typo: check each character', 'wallet.codeMistyped');
  const t = now.getTime();
  const [byStudent, bySource, keys] = await Promise.all([windowCount(STUDENT_WINDOW, userId, t), windowCount(SOURCE_WINDOW, source, t), codeKeys()]);
  refuseOver(byStudent, WRONG_CODES_PER_STUDENT, t, true);
  refuseOver(bySource, WRONG_CODES_PER_SOURCE, t, true);
  const hash = keys.lookup(read.code);
  const code = await codeByHash(hash);
  if (!code) {
    const [wrongOfStudent, wrongFromSource] = await Promise.all([
      countInWindow(STUDENT_WINDOW, userId, WRONG_CODES_WINDOW_SECONDS, t),
      countInWindow(SOURCE_WINDOW, source, WRONG_CODES_WINDOW_SECONDS, t),
    ]);
    refuseOver(wrongOfStudent, WRONG_CODES_PER_STUDENT, t);
    refuseOver(wrongFromSource, WRONG_CODES_PER_SOURCE, t);
    throw new NotFound('No recharge code is this one', 'wallet.codeUnknown');
  }
  if (code.redeemedBy) throw used();
  const batch = await batchItemById(code.batchId);
  const at = now.toISOString();
  if (!batch) throw new NotFound('No recharge code is this one', 'wallet.codeUnknown');
  refuseStopped(batch, at);
  const ref = formatRechargeCode(read.code);
  try {
    if (batch.value !== null) {
      const moved = await moveWallet(userId, { amount: batch.value, kind: 'code', ref, at }, [
        ...redemptionItems(hash, code, batch, { userId, at, credited: batch.value, ref }),
        noteItem(userId, { type: 'walletCredited', amount: batch.value, reason: 'code' }, now),
      ]);
      logger.info('code redeemed', { batchId: batch.id, n: code.n, credited: batch.value });
      return { balance: moved.balance, credited: batch.value };
    }
    if (batch.termId) return await grantTerm(userId, hash, code, batch, ref, now);
    return await grantLecture(userId, hash, code, batch, ref, now);
  } catch (e) {
    if (!(e instanceof WalletAlsoFailed)) throw e;
    if (e.index === 0) throw used();
    // The batch's condition: disabled or over meanwhile (read again to say which); a purchase's: the lecture went.
    refuseStopped((await batchItemById(batch.id, true)) ?? batch, at);
    throw new Conflict('This code could not be redeemed now; try again', 'conflict');
  }
}

const used = () => new Conflict('This code has already been used', 'wallet.codeUsed');
const termOwned = () => new Conflict('You already have this whole term; the code was not used', 'wallet.termOwned');

function refuseStopped(batch: CodeBatchRecord, at: string) {
  if (batch.disabled) throw new Gone('This code has been stopped by the teacher', 'wallet.codeDisabled');
  if (isOver(batch, at)) throw new Gone('This code has expired', 'wallet.codeExpired');
}

/** A lecture batch's code: the purchase for the lecture's access period (extending an unexpired one), in the code's transaction. */
async function grantLecture(userId: string, hash: string, code: CodeRecord, batch: CodeBatchRecord, ref: string, now: Date): Promise<Redeemed> {
  const lecture = await lectureById(batch.lectureId!);
  if (!lecture || lecture.archived) throw new Gone('This code has been stopped by the teacher', 'wallet.codeDisabled');
  const [current, wallet] = await Promise.all([purchaseOf(userId, lecture.id), walletOf(userId, { limit: 1 })]);
  const at = now.toISOString();
  const expiryDate = expiryAfter(current, now, toLecture(lecture).accessDays);
  await writeRedemption([
    ...redemptionItems(hash, code, batch, { userId, at, credited: 0, ref }),
    ...purchaseItems({ userId, lectureId: lecture.id, purchaseDate: at, expiryDate, source: 'grant', pricePaid: 0 }, { expiryDate: current?.expiryDate ?? null }),
  ]);
  logger.info('code redeemed for a lecture', { batchId: batch.id, n: code.n, lectureId: lecture.id });
  return { balance: wallet.balance, credited: 0, lecture: { lectureId: lecture.id, lectureName: lecture.name, expiryDate } };
}

/**
 * A term batch's code: the term's bundle until the term's end, as a bought bundle gives it (every
 * lecture of the term, present and later), in the code's transaction. A student who has the bundle
 * unexpired is refused (409, the code left unused); a term past its end no longer gives one (410).
 */
async function grantTerm(userId: string, hash: string, code: CodeRecord, batch: CodeBatchRecord, ref: string, now: Date): Promise<Redeemed> {
  const term = await termById(batch.termId!);
  if (!term || typeof term.endsAt !== 'string' || Date.parse(term.endsAt) <= now.getTime()) throw new Gone('This code has expired', 'wallet.codeExpired');
  const [current, wallet] = await Promise.all([termPurchaseOf(userId, term.id), walletOf(userId, { limit: 1 })]);
  if (isUnexpired(current, now)) throw termOwned();
  const at = now.toISOString();
  const bundle: TermPurchaseRecord = { userId, termId: term.id, termName: term.name, purchaseDate: at, expiryDate: term.endsAt, source: 'code', pricePaid: 0, ref };
  try {
    await writeRedemption([...redemptionItems(hash, code, batch, { userId, at, credited: 0, ref }), ...termPurchaseItems(bundle, { expiryDate: current?.expiryDate ?? null }, term.firstPurchasedAt !== undefined)]);
  } catch (e) {
    // The bundle changed since it was read: the student has it now (a purchase or another code meanwhile).
    if (e instanceof WalletAlsoFailed && e.index === 2 && isUnexpired(await termPurchaseOf(userId, term.id), now)) throw termOwned();
    throw e;
  }
  logger.info('code redeemed for a term', { batchId: batch.id, n: code.n, termId: term.id });
  return { balance: wallet.balance, credited: 0, termId: term.id, termName: term.name };
}
