import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** One column: its header, what a row shows under it, and the cell's name on a phone card. */
export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell's name on a phone card (`data-label`): the header unless given; null for none. */
  label?: string | null;
  className?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
}

interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Said in a notice instead of the table when there are no rows; without it the table stays. */
  empty?: ReactNode;
  /** The table's own class beside the shared ones (its styles in its feature). */
  className?: string;
  highlightOnHover?: boolean;
  rowTestId?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** A click on a row, outside its links and buttons (they keep theirs), opens it. */
  onOpenRow?: (row: Row) => void;
  caption?: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * The library's Table in the app's look (primitives.css): it scrolls sideways in its frame, and on
 * a phone each row is a card whose cells carry their column's name.
 */
export function DataTable<Row>({ columns, rows, rowKey, empty, className, highlightOnHover, rowTestId, rowClassName, onOpenRow, caption, ...aria }: DataTableProps<Row>) {
  if (empty !== undefined && rows.length === 0) return <p className="notice">{empty}</p>;
  return (
    <div className="data-table-wrap">
      <Table className={className ? `data-table stack-on-phone ${className}` : 'data-table stack-on-phone'} size="small" highlightOnHover={highlightOnHover} caption={caption} {...aria}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell as="th" key={i} scope="col">
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              className={[onOpenRow && 'clickable-row', rowClassName?.(row)].filter(Boolean).join(' ') || undefined}
              data-testid={rowTestId}
              onClick={
                onOpenRow &&
                ((e) => {
                  if (!(e.target as HTMLElement).closest('a, button')) onOpenRow(row);
                })
              }
            >
              {columns.map((c, i) => (
                <TableCell key={i} data-label={c.label === null ? undefined : (c.label ?? c.header)} className={c.className} dir={c.dir}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
