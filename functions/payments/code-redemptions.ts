/** The sales page's recharge codes: those redeemed over its Cairo days, by batch (which shop sells most). */
import { addDays, cairoDay } from '../../shared/calendar';
import { batchesByIds, redemptionsBetween } from '../data/code-repo';

const money = (n: number) => Math.round(n * 100) / 100;

/** AP79 over the range (a day either side in UTC, then Cairo's days kept), counted by batch, most redeemed first. */
export async function codeRedemptionsOver(range: { from: string; to: string }) {
  const redeemed = (await redemptionsBetween(addDays(range.from, -1), `${addDays(range.to, 1)}~`)).filter((c) => {
    const d = cairoDay(new Date(c.redeemedAt!));
    return d >= range.from && d <= range.to;
  });
  const batches = await batchesByIds(redeemed.map((c) => c.batchId));
  const byBatch = new Map<string, { batchId: string; label: string; count: number; value: number }>();
  for (const c of redeemed) {
    const b = byBatch.get(c.batchId) ?? { batchId: c.batchId, label: batches.get(c.batchId)?.label ?? '', count: 0, value: 0 };
    b.count++;
    b.value += c.credited ?? 0;
    byBatch.set(c.batchId, b);
  }
  return [...byBatch.values()].map((b) => ({ ...b, value: money(b.value) })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
