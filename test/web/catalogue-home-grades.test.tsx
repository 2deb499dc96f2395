import { screen, within } from '@testing-library/react';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { course } from './catalogue-fixtures';

const GRADES = [
  course({ id: 'c1', name: 'الصف الأول الثانوي' }),
  course({ id: 'c2', name: 'الصف الثاني الثانوي' }),
  course({ id: 'c3', name: 'الصف الثالث الثانوي' }),
];

function home(schooleYear: typeof studentUser.schooleYear | 'Third year' | 'First year', language?: 'en' | 'ar') {
  storeSession({ ...studentUser, schooleYear: schooleYear as typeof studentUser.schooleYear });
  if (language) window.localStorage.setItem('language', language);
  mockFetch((url) => (url === '/api/cours/all' ? { status: 200, body: { data: GRADES } } : { status: 200, body: { data: [] } }));
  renderApp('/');
}
const names = async () => (await screen.findAllByTestId('grade-card')).map((c) => within(c).getByRole('heading').textContent);

describe("home page grades: the student's own school year first", () => {
  it('puts the third-year grade first for a third-year student, the others in their order', async () => {
    home('Third year');
    expect(await names()).toEqual(['الصف الثالث الثانوي', 'الصف الأول الثانوي', 'الصف الثاني الثانوي']);
  });

  it('puts the second-year grade first for a second-year student', async () => {
    home('Second year');
    expect(await names()).toEqual(['الصف الثاني الثانوي', 'الصف الأول الثانوي', 'الصف الثالث الثانوي']);
  });
});

describe('the grade card hint says what the device does', () => {
  const pointer = (fine: boolean) => {
    window.matchMedia = ((query: string) => ({ matches: fine && query.includes('pointer: fine'), media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
  };

  it('says Click with a mouse (hover and a fine pointer), in English and Arabic', async () => {
    pointer(true);
    home('First year', 'en');
    expect(await screen.findAllByText('Click the picture to choose ثانوي عام or ثانوي لغات')).toHaveLength(3);
    expect(screen.queryByText(/^Tap/)).not.toBeInTheDocument();
  });

  it('says Tap on a touch screen', async () => {
    pointer(false);
    home('First year', 'en');
    expect(await screen.findAllByText('Tap the picture to choose ثانوي عام or ثانوي لغات')).toHaveLength(3);
  });

  it('says انقر in Arabic with a mouse', async () => {
    pointer(true);
    home('First year', 'ar');
    expect(await screen.findAllByText('انقر على الصورة لاختيار ثانوي عام أو ثانوي لغات')).toHaveLength(3);
  });
});
