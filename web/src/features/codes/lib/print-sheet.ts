/**
 * The printed sheet: A4 pages of 24 cards (3 across, 8 down, each about 70 × 37 mm), each card a
 * code with a QR link to the redeem page with the code filled in.
 */
import QRCode from 'qrcode';

export const CARDS_PER_PAGE = 24;

/** The codes cut into pages of CARDS_PER_PAGE. */
export function pagesOf<T>(cards: readonly T[], perPage = CARDS_PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < cards.length; i += perPage) pages.push(cards.slice(i, i + perPage));
  return pages;
}

/** The codes a sheet prints: those not yet redeemed (a redeemed card would only be a sold card that no longer works). */
export const unredeemedOf = <T extends { state: string }>(codes: readonly T[]): T[] => codes.filter((c) => c.state !== 'redeemed');

/** The address a card's QR code opens: the student's wallet with the code in the redeem box. */
export const redeemUrl = (origin: string, code: string) => `${origin}/profile/wallet?code=${encodeURIComponent(code)}`;

/** A QR code as one SVG path over a size × size grid of modules (no canvas, no markup strings). */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  let d = '';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      // A run of dark modules on a row is one rectangle.
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      d += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  return { size, d };
}
