import { useMemo } from 'react';
import { qrPath } from '../lib/print-sheet';

export interface CardFace {
  teacher: string;
  /** What the code gives: '100 LE', or the lecture's name. */
  gives: string;
  code: string;
  /** The QR code's address (the redeem page with this code). */
  url: string;
  scan: string;
  expires?: string;
}

/** One printed card: the teacher, what it gives, the code in large type, and its QR link. */
export function CodeCard({ face }: { face: CardFace }) {
  const qr = useMemo(() => qrPath(face.url), [face.url]);
  return (
    <article className="code-card" data-testid="code-card">
      <div className="code-card-text">
        <p className="code-card-teacher">{face.teacher}</p>
        <p className="code-card-gives" dir="auto">
          {face.gives}
        </p>
        <p className="code-card-code" dir="ltr" data-testid="card-code">
          {face.code}
        </p>
        <p className="code-card-scan">{face.scan}</p>
        {face.expires && <p className="code-card-expires">{face.expires}</p>}
      </div>
      <svg className="code-card-qr" viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`} role="img" aria-label={face.url} shapeRendering="crispEdges">
        <rect x={-2} y={-2} width={qr.size + 4} height={qr.size + 4} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
    </article>
  );
}
