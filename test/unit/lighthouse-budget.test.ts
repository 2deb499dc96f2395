/** The budget check `npm run lighthouse -- --budget` exits on (scripts/lighthouse.ts): issue 14's goals, each page's misses named. */
import { BUDGET, overBudget, type PageFigures } from '../../scripts/lighthouse';

const page = (over: Partial<PageFigures>): PageFigures => ({
  page: '/',
  performance: 98,
  fcpMs: 900,
  lcpMs: 1800,
  tbtMs: 20,
  cls: 0,
  speedIndexMs: 1200,
  transferKB: 80,
  requests: 9,
  ...over,
});

describe('overBudget', () => {
  it('holds the goals the issue set: performance ≥ 95, LCP under 2 s, CLS under 0.05', () => {
    expect(BUDGET).toEqual({ performance: 95, lcpMs: 2000, cls: 0.05 });
  });

  it('passes pages inside the budget, at its edges included', () => {
    expect(overBudget([page({}), page({ page: '/auth/login', performance: 95, lcpMs: 1999, cls: 0.049 })])).toEqual([]);
  });

  it('names each page that misses and everything it misses, an LCP or CLS at the bound itself included', () => {
    expect(
      overBudget([
        page({ page: '/', performance: 94 }),
        page({ page: '/auth/login' }),
        page({ page: '/lecture/x (signed in)', performance: 80, lcpMs: 2000, cls: 0.05 }),
      ]),
    ).toEqual(['/: performance 94 < 95', '/lecture/x (signed in): performance 80 < 95, LCP 2000 ms ≥ 2000 ms, CLS 0.05 ≥ 0.05']);
  });

  it('counts a figure Lighthouse could not give (NaN) as a miss, never as a pass', () => {
    expect(overBudget([page({ lcpMs: Number.NaN, cls: Number.NaN })])).toEqual(['/: LCP NaN ms ≥ 2000 ms, CLS NaN ≥ 0.05']);
  });
});
