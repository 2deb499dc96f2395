/**
 * An attempt's drawn questions (settings.drawCount): that many of the quiz's questions at random,
 * spread over their tags in proportion. A question's group is its first tag (untagged questions are
 * a group of their own); each group gets the floor of its share and the seats left go to the largest
 * remainders (Hamilton's method), so a group's count is the floor or the ceiling of its share.
 * Random from node:crypto, so no one can replay the draw from what they know.
 */
import { randomInt } from 'node:crypto';

export const groupOf = (q: { tags?: string[] }) => q.tags?.[0] ?? '';

/** How many questions each group gives to a draw of `count` out of all the groups' questions. */
export function drawQuotas(groups: ReadonlyMap<string, number>, count: number, pick: (max: number) => number = randomInt): Map<string, number> {
  const total = [...groups.values()].reduce((s, n) => s + n, 0);
  const want = Math.min(count, total);
  const shares = [...groups].map(([group, n]) => ({ group, floor: Math.floor((want * n) / total), remainder: ((want * n) % total) / total, tie: pick(1 << 30) }));
  let left = want - shares.reduce((s, g) => s + g.floor, 0);
  // Ties between equal remainders are broken at random, not by the order the tags came in.
  for (const g of [...shares].sort((a, b) => b.remainder - a.remainder || a.tie - b.tie)) {
    if (left === 0) break;
    g.floor += 1;
    left -= 1;
  }
  return new Map(shares.map((g) => [g.group, g.floor]));
}

/** `count` distinct questions (all of them when there are fewer), in the quiz's order. */
export function drawQuestions<Q extends { id: string; tags?: string[] }>(questions: readonly Q[], count: number, pick: (max: number) => number = randomInt): Q[] {
  const groups = new Map<string, Q[]>();
  for (const q of questions) groups.set(groupOf(q), [...(groups.get(groupOf(q)) ?? []), q]);
  const quotas = drawQuotas(new Map([...groups].map(([g, qs]) => [g, qs.length])), count, pick);
  const drawn = new Set<Q>();
  for (const [g, qs] of groups) {
    // A partial Fisher–Yates: the first `quota` places of a shuffled copy.
    const pool = [...qs];
    const quota = quotas.get(g)!;
    for (let i = 0; i < quota; i++) {
      const j = i + pick(pool.length - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      drawn.add(pool[i]!);
    }
  }
  return questions.filter((q) => drawn.has(q));
}
