/** Pounds as the catalogue writes them (Latin digits, whole pounds bare, else two decimals) with the language's currency; signed when asked. */
export function moneyText(n: number, currency: string, signed = false) {
  const digits = Number.isInteger(n) ? String(Math.abs(n)) : Math.abs(n).toFixed(2);
  const sign = n < 0 ? '−' : signed && n > 0 ? '+' : '';
  return `${sign}${digits} ${currency}`;
}
