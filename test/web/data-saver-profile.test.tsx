/**
 * Issue 44: the data saver's card on /profile: automatic until touched (saying why it is on or off),
 * then the student's choice, kept on this device (localStorage `dataSaver`), with a way back.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';

const me = { firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com', mobileNumber: '+201012345678', schooleYear: 'Second year' };

function open(language?: 'ar') {
  storeSession(studentUser);
  if (language) window.localStorage.setItem('language', language);
  mockFetch((url) => (url === '/api/user/profile' ? { status: 200, body: { data: me } } : { status: 404, body: { message: `unexpected ${url}` } }));
  return renderApp('/profile');
}
const card = async () => within(await screen.findByTestId('data-saver-card'));

beforeEach(() => window.localStorage.clear());

describe('the data saver on /profile (issue 44)', () => {
  it('untouched: automatic and off on an ordinary link; switched on, it is kept for this device and survives a reload; back to automatic forgets it', async () => {
    const first = open();
    let c = await card();
    expect(c.getByRole('heading', { name: 'Data saver' })).toBeInTheDocument();
    expect(c.getByText(/lowest two qualities/)).toBeInTheDocument();
    const toggle = c.getByRole('switch', { name: 'Save data when watching videos' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(c.getByTestId('data-saver-state')).toHaveTextContent('Automatic — off');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(window.localStorage.getItem('dataSaver')).toBe('on');
    expect(c.getByTestId('data-saver-state')).toHaveTextContent('Your choice on this device.');

    first.unmount();
    open();
    c = await card();
    expect(c.getByRole('switch', { name: 'Save data when watching videos' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(c.getByRole('button', { name: 'Back to automatic' }));
    expect(window.localStorage.getItem('dataSaver')).toBeNull();
    expect(c.getByRole('switch', { name: 'Save data when watching videos' })).toHaveAttribute('aria-checked', 'false');
  });

  it('in Arabic, on by itself where the browser asks to save data, saying so; turned off, that is kept', async () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    try {
      open('ar');
      const c = await card();
      expect(c.getByRole('heading', { name: 'توفير البيانات' })).toBeInTheDocument();
      const toggle = c.getByRole('switch', { name: 'وفّر البيانات عند مشاهدة الفيديو' });
      expect(toggle).toHaveAttribute('aria-checked', 'true');
      expect(c.getByTestId('data-saver-state')).toHaveTextContent('تلقائي — مفعّل: متصفحك يطلب توفير البيانات.');
      await userEvent.click(toggle);
      expect(window.localStorage.getItem('dataSaver')).toBe('off');
      expect(toggle).toHaveAttribute('aria-checked', 'false');
      expect(c.getByTestId('data-saver-state')).toHaveTextContent('اختيارك على هذا الجهاز.');
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });

  it('a slow link (3G) turns it on by itself, saying why', async () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '3g', downlink: 1.2 } });
    try {
      open();
      const c = await card();
      expect(c.getByRole('switch', { name: 'Save data when watching videos' })).toHaveAttribute('aria-checked', 'true');
      expect(c.getByTestId('data-saver-state')).toHaveTextContent('Automatic — on: your connection is slow (2G or 3G).');
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });
});
