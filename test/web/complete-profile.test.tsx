import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { payState } from './commerce-fixtures';
import { bodyOf, mockFetch, renderApp, storeSession, studentUser } from './helpers';

const googleStudent = { ...studentUser, mobileNumber: undefined, schooleYear: undefined } as unknown as typeof studentUser;

describe('complete your profile (a Google sign-up before it buys)', () => {
  it('asks the sign-up form’s phone and school year, takes Arabic-Indic digits, and returns to the payment page with its lecture', async () => {
    storeSession(googleStudent);
    const fn = mockFetch((url) => (url === '/api/user/complete-profile' ? { status: 200, body: { message: 'Your profile is complete' } } : { status: 200, body: { data: [] } }));
    const lecture = { id: 'l1', name: 'Cells', price: 100 };
    const { location, router } = renderApp({ pathname: '/profile/complete', state: { back: { pathname: '/pay', state: { lecture } } } });
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    const user = userEvent.setup();
    // Checked as the sign-up form checks it.
    await user.type(screen.getByLabelText('Mobile number'), '0131');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mobile number must be an Egyptian mobile number (01xxxxxxxxx)')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '٠١٠١٢٣٤٥٦٧٨');
    await user.selectOptions(screen.getByLabelText('School year'), 'Third year');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/pay'));
    expect(router.state.location.state).toEqual({ lecture });
    const call = fn.mock.calls.findIndex(([u]) => u === '/api/user/complete-profile');
    expect(bodyOf(fn, call)).toEqual({ mobileNumber: '+201012345678', schooleYear: 'Third year' });
  });

  it('the payment page sends a student the server refuses (profile.incomplete) to the step', async () => {
    storeSession(googleStudent);
    mockFetch((url) =>
      url.startsWith('/api/user/payment-intention/')
        ? { status: 403, body: { message: 'Add your mobile number and school year to your profile before you buy', code: 'profile.incomplete' } }
        : { status: 200, body: { data: [] } },
    );
    const { location, router } = renderApp({ pathname: '/pay', state: payState() });
    await waitFor(() => expect(location()).toBe('/profile/complete'));
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    // It comes back to this payment, its lecture kept.
    expect(router.state.location.state).toEqual({ back: { pathname: '/pay', state: payState() } });
  });
});
