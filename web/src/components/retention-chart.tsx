import { useId } from 'react';

/**
 * Issue 42: a retention curve — 100 shares (0–1), the viewers who watched each hundredth of a video —
 * as an SVG that scales to its box (a phone's width too). Time runs with the reading direction: from
 * the right in Arabic. The title and description name it for a screen reader; the figures are in text
 * beside it.
 */
export function RetentionChart({ retention, title, description, startLabel, endLabel, rtl }: { retention: number[]; title: string; description: string; startLabel: string; endLabel: string; rtl: boolean }) {
  const id = useId();
  const w = 300;
  const h = 120;
  const x = (i: number) => (rtl ? w - (i / 99) * w : (i / 99) * w);
  const y = (share: number) => h - share * h;
  const line = retention.map((s, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(s).toFixed(1)}`).join(' ');
  const area = `${line} L${x(99).toFixed(1)},${h} L${x(0).toFixed(1)},${h} Z`;
  return (
    <figure className="retention-chart">
      <svg viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {[0.25, 0.5, 0.75].map((g) => (
          <line key={g} x1={0} x2={w} y1={y(g)} y2={y(g)} className="retention-grid" vectorEffect="non-scaling-stroke" />
        ))}
        <path d={area} className="retention-area" />
        <path d={line} className="retention-line" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="retention-axis" aria-hidden="true">
        <span>{startLabel}</span>
        <span>50%</span>
        <span>{endLabel}</span>
      </figcaption>
    </figure>
  );
}
