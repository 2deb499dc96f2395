import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';

const card = { location: 'Nasr City, Cairo', phone: '+20 100 000 0000', email: 'teacher@example.com', chatUrl: 'https://wa.me/201000000000', social: [{ name: 'Facebook', url: 'https://facebook.com/t' }] };
type Reply = { status: number; body?: unknown };

function contact(send: (init: RequestInit) => Reply = () => ({ status: 201, body: { message: 'send message successfully' } }), info: Reply = { status: 200, body: { data: card } }, language?: 'ar') {
  storeSession(studentUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch((url, init) => (url === '/api/user/contect_us' ? send(init) : url === '/api/contact-info' ? info : { status: 404, body: { message: `unexpected ${url}` } }));
  return { fetch, ...renderApp('/contact') };
}
const sends = (fetch: jest.Mock) => fetch.mock.calls.filter(([u]) => u === '/api/user/contect_us');
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;

describe('/contact', () => {
  it("shows 'Leave Us Message' with the subject labelled Subject, the chat link and the teacher's card", async () => {
    contact();
    expect(await screen.findByRole('heading', { name: 'Leave Us Message' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', card.chatUrl);
    expect(screen.getByText('Nasr City, Cairo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: card.phone })).toHaveAttribute('href', 'tel:+201000000000');
    expect(screen.getByRole('link', { name: card.email })).toHaveAttribute('href', `mailto:${card.email}`);
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/t');
  });

  it('requires subject and message (shared contactBody) and sends nothing until both are there', async () => {
    const { fetch } = contact();
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(sends(fetch)).toHaveLength(0);
  });

  it("sends {subject, message}, says 'send message successfully' and empties the form", async () => {
    const { fetch } = contact();
    await userEvent.type(await screen.findByLabelText('Subject'), 'سؤال عن المحاضرة');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello doctor');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(swalTitle()).toBe('send message successfully'));
    const call = sends(fetch)[0]!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ subject: 'سؤال عن المحاضرة', message: 'Hello doctor' });
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it("shows the server's message on a failure (the flood limit), else 'somthing went wrong'", async () => {
    contact(() => ({ status: 429, body: { message: 'You can send at most 5 messages an hour. Please try again later.', code: 'message.tooMany' } }));
    await userEvent.type(await screen.findByLabelText('Subject'), 's');
    await userEvent.type(screen.getByLabelText('Message'), 'm');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(swalTitle()).toMatch(/messages/));
  });

  it("falls back to 'somthing went wrong' when the server says nothing", async () => {
    contact(() => ({ status: 500 }));
    await userEvent.type(await screen.findByLabelText('Subject'), 's');
    await userEvent.type(screen.getByLabelText('Message'), 'm');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(swalTitle()).toBe('somthing went wrong'));
  });

  it('says the details are not available when the card is not set (503)', async () => {
    contact(undefined, { status: 503, body: { message: 'The contact details are not set up yet.', code: 'unavailable' } });
    expect(await screen.findByText('The contact details are not available right now.')).toBeInTheDocument();
  });

  it('in Arabic: the labels and the page direction', async () => {
    contact(undefined, undefined, 'ar');
    expect(await screen.findByRole('heading', { name: 'اترك لنا رسالة' })).toBeInTheDocument();
    expect(screen.getByLabelText('الموضوع')).toBeInTheDocument();
    expect(screen.getByLabelText('الرسالة')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'تواصل معنا في محادثة' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
