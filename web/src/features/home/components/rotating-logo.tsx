import { useEffect, useState } from 'react';
import { LOGO_ROTATION_MS } from '@shared/constants';
// Relative on purpose: jest's moduleNameMapper maps `@/` before it stubs images.
import cell from '../../../assets/logo-cell.svg';
import dna from '../../../assets/logo-dna.svg';
import microscope from '../../../assets/logo-microscope.svg';

export const LOGOS = [cell, dna, microscope] as const;

/** Spec 2, 9: the hero logo rotates among three images every 3000 ms (cross-fading). */
export function RotatingLogo({ label }: { label: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % LOGOS.length), LOGO_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="hero-logo" role="img" aria-label={label} data-logo-index={index}>
      {LOGOS.map((src, i) => (
        <img key={i} src={src} alt="" width={144} height={144} className={i === index ? 'is-shown' : undefined} aria-hidden="true" />
      ))}
    </div>
  );
}
