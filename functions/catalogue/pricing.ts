import { isFreePrice } from '../../shared/constants';

/**
 * The stored price of a lecture (spec 5): negative prices arrive made positive by the schema;
 * a free lecture has price 0, and a price of 0 makes a lecture free.
 */
export function lecturePrice(input: { price?: number; isFree?: boolean }, current?: { price: number; isFree: boolean }): { price: number; isFree: boolean } {
  const price = Math.abs(input.price ?? current?.price ?? 0);
  const isFree = input.isFree ?? (input.price === undefined ? current?.isFree : undefined) ?? false;
  if (isFree || isFreePrice(price)) return { price: 0, isFree: true };
  return { price, isFree: false };
}
