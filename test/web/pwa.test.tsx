/**
 * Issue 44: the installable app's part of the page — the install button only while the browser
 * offers it (never when the app runs installed), "a new version is ready — reload" once a new
 * service worker waits, and the offline notice from the API's answers (lib/offline-mark.ts).
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '@/app/store';
import { InstallButton } from '@/features/pwa/components/install-button';
import { OfflineNotice, UpdatePrompt } from '@/features/pwa/components/pwa-notices';
import { keepApiCacheOf } from '@/features/pwa/lib/api-cache';
import { pwaState, startServiceWorker } from '@/features/pwa/lib/service-worker';
import { noteApiAnswer } from '@/lib/offline-mark';
import { setLanguage } from '@/stores/language-slice';

const registerSW = jest.fn();
jest.mock('@/features/pwa/lib/register', () => ({ registerServiceWorker: (o: unknown) => registerSW(o) }));

function renderWith(ui: React.ReactNode, language: 'en' | 'ar' = 'en') {
  const store = makeStore();
  store.dispatch(setLanguage(language));
  return render(<Provider store={store}>{ui}</Provider>);
}

/** Chromium's install offer, as the page receives it. */
function offerInstall() {
  const prompt = jest.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
  act(() => void window.dispatchEvent(event));
  return { event, prompt };
}

const standalone = (matches: boolean) => (window.matchMedia = jest.fn((q: string) => ({ matches: matches && q === '(display-mode: standalone)' }) as MediaQueryList));

describe('the install button', () => {
  it('shows only once the browser offers to install, and asks the browser on a click (once)', async () => {
    standalone(false);
    renderWith(<InstallButton />);
    expect(screen.queryByTestId('install-app')).toBeNull();
    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('install-app')).toBeNull();
  });

  it('is never shown in the installed app, and is gone once the app is installed', () => {
    standalone(true);
    renderWith(<InstallButton />, 'ar');
    offerInstall();
    expect(screen.queryByTestId('install-app')).toBeNull();
    standalone(false);
    offerInstall();
    expect(screen.getByRole('button', { name: 'تثبيت التطبيق' })).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByTestId('install-app')).toBeNull();
  });
});

describe('the update prompt', () => {
  it('says a new version is ready once one waits, and lets it take over with a reload', async () => {
    const update = jest.fn();
    let onUpdateReady: () => void = () => {};
    registerSW.mockImplementation((o: { onUpdateReady: () => void }) => ((onUpdateReady = o.onUpdateReady), update));
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    renderWith(<UpdatePrompt />);
    startServiceWorker();
    // Registered once the page is loaded and idle.
    await waitFor(() => expect(registerSW).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    act(() => onUpdateReady());
    expect(pwaState().updateReady).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(update).toHaveBeenCalledTimes(1);
  });
});

describe('the offline notice', () => {
  const answer = (headers: Record<string, string>) => ({ headers: new Map(Object.entries(headers)) }) as unknown as Response;

  it('tells when the page shown was saved, in the user\'s language, and goes once the network answers', () => {
    renderWith(<OfflineNotice />, 'ar');
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    act(() => noteApiAnswer(answer({ 'x-bioscope-offline': '2026-12-07T18:30:00.000Z' })));
    // The time in the interface's language (Arabic digits), from the stored ISO time.
    expect(screen.getByTestId('offline-notice').textContent).toMatch(/^أنت غير متصل — تُعرض البيانات المحفوظة في .*٢٠٢٦/);
    act(() => noteApiAnswer(answer({})));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('says the page was not saved when nothing answered', () => {
    renderWith(<OfflineNotice />);
    act(() => noteApiAnswer(undefined));
    expect(screen.getByTestId('offline-notice')).toHaveTextContent("You're offline — this page wasn't saved on this device yet. It will load when you're back online.");
    act(() => noteApiAnswer(answer({})));
  });
});

describe('the kept reads belong to one student', () => {
  const deleted: string[] = [];
  let release: () => void = () => {};
  beforeEach(() => {
    deleted.length = 0;
    localStorage.clear();
    Object.assign(globalThis, { caches: { delete: (name: string) => new Promise<boolean>((ok) => ((release = () => ok(true)), deleted.push(name))) } });
  });

  it('empties the cache when the signed-in user changes, and a page opened meanwhile does not empty it again', async () => {
    const first = keepApiCacheOf('u1');
    // The next address opens before the deletion has finished: the same user's, nothing to delete.
    await keepApiCacheOf('u1');
    release();
    await first;
    expect(deleted).toEqual(['bioscope-api']);
    const signOut = keepApiCacheOf(null);
    release();
    await signOut;
    expect(deleted).toEqual(['bioscope-api', 'bioscope-api']);
  });

  it('tries again on the next page when the deletion failed', async () => {
    Object.assign(globalThis, { caches: { delete: () => Promise.reject(new Error('quota')) } });
    await keepApiCacheOf('u2');
    expect(localStorage.getItem('apiCacheUser')).toBeNull();
  });
});
