import { screen } from '@testing-library/react';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { salesReport } from './commerce-fixtures';

describe("the sales page: a term bundle's orders", () => {
  it('give the bundle a row of its own beside the lectures, named as the whole term', async () => {
    storeSession(adminUser);
    const report = salesReport({
      byLecture: [
        { lectureId: '', termId: 't1', lectureName: 'الترم الأول', revenue: 300, orders: 2 },
        { lectureId: '', termId: 't2', lectureName: 'الترم الثاني', revenue: 150, orders: 1 },
        { lectureId: 'l3', lectureName: 'Genetics', revenue: 150, orders: 1 },
      ],
    });
    mockFetch((url) => (url.startsWith('/api/payments/sales') ? { status: 200, body: { data: report } } : { status: 200, body: { data: [] } }));
    renderApp('/dashboard/sales');
    const rows = await screen.findAllByTestId('lecture-sales-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Whole term: الترم الأول2300 LE', 'Whole term: الترم الثاني1150 LE', 'Genetics1150 LE']);
  });
});
