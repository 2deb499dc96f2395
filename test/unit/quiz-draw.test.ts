/** The drawn attempt (issue 42): how many questions of each tag an attempt draws, and which. */
import { drawQuestions, drawQuotas, groupOf } from '../../functions/quizzes/draw';

interface Q {
  id: string;
  tags?: string[];
}

/** A small seeded generator, so a failing case can be replayed from its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomQuiz(random: () => number): Q[] {
  const tags = ['الانقسام الميوزي', 'الانقسام الميتوزي', 'DNA', 'الخلية'].slice(0, 1 + Math.floor(random() * 4));
  const n = 1 + Math.floor(random() * 40);
  return Array.from({ length: n }, (_, i) => {
    const r = random();
    // Some untagged questions, some with two tags (the first one is the group).
    if (r < 0.2) return { id: `q${i}` };
    const t = tags[Math.floor(random() * tags.length)]!;
    return { id: `q${i}`, tags: r > 0.85 ? [t, 'other'] : [t] };
  });
}

describe('drawQuotas: largest remainder over the tags', () => {
  it('gives each group its share, floored, and the seats left to the largest remainders', () => {
    // 6 of 10: A has 5 (3.0), B 3 (1.8), untagged 2 (1.2) → 3, 1 + 1 (remainder .8), 1.
    expect(drawQuotas(new Map([['A', 5], ['B', 3], ['', 2]]), 6)).toEqual(new Map([['A', 3], ['B', 2], ['', 1]]));
    // Everything drawn: every group whole.
    expect(drawQuotas(new Map([['A', 2], ['B', 1]]), 3)).toEqual(new Map([['A', 2], ['B', 1]]));
  });

  it('holds over 500 random quizzes: exactly drawCount, each group floor or ceiling of its share, never more than it has', () => {
    const random = seeded(42);
    for (let run = 0; run < 500; run++) {
      const groups = new Map<string, number>();
      for (const q of randomQuiz(random)) groups.set(groupOf(q), (groups.get(groupOf(q)) ?? 0) + 1);
      const total = [...groups.values()].reduce((s, n) => s + n, 0);
      const count = 1 + Math.floor(random() * total);
      const quotas = drawQuotas(groups, count);
      expect([...quotas.values()].reduce((s, n) => s + n, 0)).toBe(count);
      for (const [g, n] of groups) {
        const share = (count * n) / total;
        const got = quotas.get(g)!;
        expect(got).toBeGreaterThanOrEqual(Math.floor(share));
        expect(got).toBeLessThanOrEqual(Math.ceil(share));
        expect(got).toBeLessThanOrEqual(n);
      }
    }
  });
});

describe('drawQuestions', () => {
  it('over 500 random quizzes: exactly drawCount questions, no duplicates, each tag its share, in the quiz order', () => {
    const random = seeded(7);
    for (let run = 0; run < 500; run++) {
      const quiz = randomQuiz(random);
      const count = 1 + Math.floor(random() * quiz.length);
      const drawn = drawQuestions(quiz, count);
      expect(drawn).toHaveLength(count);
      expect(new Set(drawn.map((q) => q.id)).size).toBe(count);
      const groups = new Map<string, number>();
      for (const q of quiz) groups.set(groupOf(q), (groups.get(groupOf(q)) ?? 0) + 1);
      // Each tag its share, floored or raised (ties between equal remainders go either way).
      for (const [g, n] of groups) {
        const got = drawn.filter((q) => groupOf(q) === g).length;
        expect(got).toBeGreaterThanOrEqual(Math.floor((count * n) / quiz.length));
        expect(got).toBeLessThanOrEqual(Math.ceil((count * n) / quiz.length));
      }
      // Drawn questions keep the quiz's order (a shuffled quiz reorders them per attempt afterwards).
      const positions = drawn.map((q) => quiz.indexOf(q));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('draws every question of a group as often as any other (a fair draw, with the cryptographic source)', () => {
    const quiz: Q[] = Array.from({ length: 10 }, (_, i) => ({ id: `q${i}`, tags: ['A'] }));
    const seen = new Map<string, number>();
    for (let i = 0; i < 4000; i++) for (const q of drawQuestions(quiz, 3)) seen.set(q.id, (seen.get(q.id) ?? 0) + 1);
    // Each is drawn 1,200 times on average (4,000 × 3 / 10); the standard deviation is about 29.
    for (const q of quiz) expect(Math.abs(seen.get(q.id)! - 1200)).toBeLessThan(200);
  });

  it('draws at most the questions there are', () => {
    const quiz: Q[] = [{ id: 'a' }, { id: 'b', tags: ['T'] }];
    expect(drawQuestions(quiz, 5).map((q) => q.id)).toEqual(['a', 'b']);
  });
});
