/**
 * CSV files made in the browser (the quiz results, the sales page): RFC 4180 with CRLF and a
 * UTF-8 byte-order mark so Excel reads Arabic, saved with a Blob and a temporary link.
 */

/**
 * A CSV field: quoted when it holds a comma, quote or line break. A text a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe; a number is
 * only a number.
 */
export const csvField = (v: string | number | null | undefined) => {
  let s = v === null || v === undefined ? '' : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Rows (the first one the headers) as a CSV text. */
export const csvText = (rows: readonly (readonly (string | number | null | undefined)[])[]) => `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Save `text` as a file from the browser (a Blob and a temporary link). */
export function download(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
