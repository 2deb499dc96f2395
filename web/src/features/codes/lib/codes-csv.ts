/**
 * Reading a batch's CSV (GET …/codes.csv): RFC 4180 rows, the first the headers. The code is the
 * column whose values read XXXX-XXXX-XXXX; its state the column headed `state` (or `status`), when
 * there is one.
 */
export interface BatchCode {
  code: string;
  state: string;
}

/** The rows of a CSV text: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field || row.length) endRow();
  return rows.filter((r) => r.some((f) => f.trim()));
}

const CODE = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}(-[0-9A-Z])?$/;

export function codesOfCsv(text: string): BatchCode[] {
  const [head, ...rows] = csvRows(text.replace(/^\uFEFF/, ''));
  if (!head) return [];
  const codeAt = Math.max(0, rows[0] ? rows[0].findIndex((f) => CODE.test(f.trim())) : head.findIndex((h) => /code/i.test(h)));
  const stateAt = head.findIndex((h) => /^(state|status)$/i.test(h.trim()));
  return rows.filter((r) => CODE.test((r[codeAt] ?? '').trim())).map((r) => ({ code: r[codeAt]!.trim(), state: stateAt >= 0 ? (r[stateAt] ?? '').trim() : '' }));
}
