import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataColumn, DataTable } from '@/components/data-table';

interface Lecture {
  id: string;
  name: string;
  price: number;
  expired: boolean;
}
const lectures: Lecture[] = [
  { id: 'l1', name: 'انقسام الخلية', price: 120, expired: false },
  { id: 'l2', name: 'Genetics', price: 0, expired: true },
];
const columns: DataColumn<Lecture>[] = [
  { header: 'Lecture', className: 'lecture-cell', dir: 'auto', cell: (l) => <a href={`#${l.id}`}>{l.name}</a> },
  { header: 'Price', label: 'Paid', cell: (l) => <bdi dir="ltr">{l.price} LE</bdi> },
  { header: 'Actions', label: null, cell: (l) => <button type="button">Buy {l.name}</button> },
];
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');

describe('DataTable', () => {
  it('heads each column, fills a row per item and labels each cell with its column for the phone card', () => {
    render(<DataTable columns={columns} rows={lectures} rowKey={(l) => l.id} rowTestId="lecture-row" className="my-table" />);
    const table = screen.getByRole('table');
    expect(table).toHaveClass('data-table', 'stack-on-phone', 'my-table');
    expect(table.parentElement).toHaveClass('data-table-wrap');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Lecture', 'Price', 'Actions']);
    headers.forEach((h) => expect(h).toHaveAttribute('scope', 'col'));
    const rows = screen.getAllByTestId('lecture-row');
    expect(rows.map((r) => cellsOf(r).map((c) => c.textContent))).toEqual([
      ['انقسام الخلية', '120 LE', 'Buy انقسام الخلية'],
      ['Genetics', '0 LE', 'Buy Genetics'],
    ]);
    const [name, price, actions] = cellsOf(rows[0]!);
    expect(name).toHaveAttribute('data-label', 'Lecture');
    expect(name).toHaveClass('lecture-cell');
    expect(name).toHaveAttribute('dir', 'auto');
    expect(price).toHaveAttribute('data-label', 'Paid');
    expect(price).not.toHaveAttribute('dir');
    expect(actions).not.toHaveAttribute('data-label');
    expect(rows[0]).not.toHaveClass('clickable-row');
    expect(table).toHaveAttribute('data-highlightonhover', 'false');
  });

  it('says the empty text in a notice instead of the table; without one an empty table stays', () => {
    const { rerender } = render(<DataTable columns={columns} rows={[]} rowKey={(l) => l.id} empty={<>No lectures yet.</>} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No lectures yet.')).toHaveClass('notice');
    rerender(<DataTable columns={columns} rows={[]} rowKey={(l) => l.id} />);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('opens a row clicked outside its links and buttons, which keep their own clicks', async () => {
    const opened: string[] = [];
    const bought: string[] = [];
    const withBuy: DataColumn<Lecture>[] = [
      ...columns.slice(0, 2),
      {
        header: 'Actions',
        cell: (l) => (
          <button type="button" onClick={() => bought.push(l.id)}>
            Buy {l.name}
          </button>
        ),
      },
    ];
    render(
      <DataTable columns={withBuy} rows={lectures} rowKey={(l) => l.id} rowTestId="row" highlightOnHover rowClassName={(l) => (l.expired ? 'is-expired' : undefined)} onOpenRow={(l) => opened.push(l.id)} />,
    );
    const [first, second] = screen.getAllByTestId('row');
    expect(first!.className).toBe('amplify-table__row clickable-row');
    expect(second!.className).toBe('amplify-table__row clickable-row is-expired');
    expect(screen.getByRole('table')).toHaveAttribute('data-highlightonhover', 'true');
    await userEvent.click(cellsOf(second!)[1]!);
    expect(opened).toEqual(['l2']);
    await userEvent.click(screen.getByRole('button', { name: 'Buy انقسام الخلية' }));
    expect(bought).toEqual(['l1']);
    // A link in the row follows itself; the row does not open on top of it.
    await userEvent.click(within(first!).getByRole('link'));
    expect(opened).toEqual(['l2']);
  });

  it('keeps a row (its element and state) with its key when the rows reorder', () => {
    const { rerender } = render(<DataTable columns={columns} rows={lectures} rowKey={(l) => l.id} rowTestId="row" />);
    const genetics = screen.getAllByTestId('row')[1];
    rerender(<DataTable columns={columns} rows={[...lectures].reverse()} rowKey={(l) => l.id} rowTestId="row" />);
    expect(screen.getAllByTestId('row')[0]).toBe(genetics);
  });

  it('names the table by its caption or an aria label', () => {
    const { rerender } = render(<DataTable columns={columns} rows={lectures} rowKey={(l) => l.id} caption="My lectures" />);
    expect(screen.getByRole('table', { name: 'My lectures' })).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={lectures} rowKey={(l) => l.id} aria-label="محاضراتي" />);
    expect(screen.getByRole('table', { name: 'محاضراتي' })).toBeInTheDocument();
  });
});
