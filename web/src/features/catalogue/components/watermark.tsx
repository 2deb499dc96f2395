import { useEffect, useState } from 'react';

/** The watermark moves to a new place this often. */
export const WATERMARK_MOVE_MS = 8000;

/** A place inside the video's box (per cent of it), kept clear of the edges so the text (wrapped when long) stays whole. */
export const randomPlace = (random = Math.random) => ({ x: 3 + random() * 52, y: 4 + random() * 60 });

/**
 * Issue 16: the signed-in student's phone number and name over the playing video, semi-transparent,
 * at a new random place every WATERMARK_MOVE_MS. It lies in the video's own box (the stage), which
 * is inside the element that goes fullscreen and above the controls row, so it is there in
 * fullscreen and never covers a control; pointer-events none, so every tap reaches the video.
 */
export function Watermark({ phone, name }: { phone?: string; name: string }) {
  const [place, setPlace] = useState(() => randomPlace());
  useEffect(() => {
    const timer = setInterval(() => setPlace(randomPlace()), WATERMARK_MOVE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="vp-watermark" aria-hidden="true" data-testid="watermark" style={{ insetInlineStart: `${place.x}%`, insetBlockStart: `${place.y}%` }}>
      {phone && <span dir="ltr">{phone}</span>}
      <span dir="auto">{name}</span>
    </div>
  );
}
