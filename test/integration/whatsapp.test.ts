/**
 * The WhatsApp port against the platform's Cloud API stand-in (issue 43 item 4): the stand-in takes
 * the documented template request and answers the documented success and error shapes
 * (docs/whatsapp.md), and the adapter maps them: an accepted message to `{sent: true, id}`, a refusal
 * to `{sent: false}` with Meta's code, missing settings and silence to our own codes.
 */
import { api, platform, uniq, useThePlatformHere } from '../support/platform';

jest.setTimeout(60_000);

const p = () => platform().whatsapp;
const messagesUrl = (token = p().settings.accessToken, phoneNumberId = p().settings.phoneNumberId) => ({
  url: `${p().apiUrl}/${p().settings.apiVersion}/${phoneNumberId}/messages`,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
});
const number = () => `+20101${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const templateRequest = (to: string, name = 'weekly_report', params = ['Mona', 'Ali: watched 40 min', 'https://x/stop'], code = 'en') => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'template',
  template: { name, language: { code }, components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] },
});
async function post(body: unknown, auth = messagesUrl()) {
  const res = await fetch(auth.url, { method: 'POST', headers: auth.headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's JSON
}
const graphError = (code: number) => ({ error: { message: expect.any(String), type: expect.any(String), code, fbtrace_id: expect.any(String) } });

describe('the Cloud API stand-in', () => {
  it('accepts a template message as documented and lists it, rendered, by recipient', async () => {
    const to = number();
    const r = await post(templateRequest(to));
    expect(r).toEqual({ status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to.slice(1) }], messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }] } });
    const listed = await api('GET', `/_local/whatsapp/messages.json?to=${encodeURIComponent(to)}`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: r.body.messages[0].id, to, template: 'weekly_report', language: 'en', params: ['Mona', 'Ali: watched 40 min', 'https://x/stop'], text: expect.stringContaining('Hello Mona, here is the week on Bioscope: Ali: watched 40 min.') }),
    ]);
    const page = await api('GET', '/_local/whatsapp/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(String(page.body)).toContain(to);
  });

  it("answers the Graph API's error shape: 190 for a wrong token, 132001 for an unknown template or language, 132000 for a wrong parameter count, 131026 for a number not on WhatsApp", async () => {
    expect(await post(templateRequest(number()), messagesUrl('wrong-token'))).toEqual({ status: 401, body: graphError(190) });
    expect(await post(templateRequest(number()), messagesUrl(undefined, '999'))).toEqual({ status: 400, body: graphError(100) });
    expect(await post(templateRequest(number(), 'no_such_template'))).toEqual({ status: 404, body: { error: { ...graphError(132001).error, error_data: expect.objectContaining({ details: expect.any(String) }) } } });
    expect((await post(templateRequest(number(), 'weekly_report', ['a', 'b', 'c'], 'fr'))).body.error.code).toBe(132001);
    expect((await post(templateRequest(number(), 'weekly_report', ['only one']))).body.error.code).toBe(132000);
    expect((await post(templateRequest(number(), 'weekly_report', ['a\nb', 'b', 'c']))).body.error.code).toBe(100);
    const absent = `+2010000${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    expect(await post(templateRequest(absent))).toEqual({ status: 400, body: { error: expect.objectContaining({ code: 131026, type: 'OAuthException', fbtrace_id: expect.any(String) }) } });
    expect((await api('GET', `/_local/whatsapp/messages.json?to=${encodeURIComponent(absent)}`)).body.data).toEqual([]);
  });
});

describe('the adapter (functions/notify/whatsapp.ts)', () => {
  const load = async () => {
    useThePlatformHere();
    return import('../../functions/notify/whatsapp');
  };

  it('sends the documented request and answers {sent: true, id} with the message id', async () => {
    const { whatsAppSender } = await load();
    const to = number();
    const key = uniq('k');
    const r = await whatsAppSender(() => Promise.resolve(p().settings), p().apiUrl)({ to, template: 'payment_confirmed', language: 'ar', params: ['الوراثة', '80'], key });
    expect(r).toEqual({ sent: true, id: expect.stringMatching(/^wamid\./) });
    const [m] = (await api('GET', `/_local/whatsapp/messages.json?to=${encodeURIComponent(to)}`)).body.data;
    expect(m).toMatchObject({ id: (r as { id: string }).id, template: 'payment_confirmed', language: 'ar', params: ['الوراثة', '80'], text: 'تم تأكيد دفعك لـ الوراثة (80 جنيه). استمتع بالتعلم على Bioscope.' });
  });

  it("maps Meta's refusals to {sent: false} with the code, and missing settings or silence to its own codes", async () => {
    const { whatsAppSender, NOT_CONFIGURED, NO_ANSWER } = await load();
    const send = whatsAppSender(() => Promise.resolve(p().settings), p().apiUrl);
    expect(await send({ to: number(), template: 'no_such_template', language: 'en', params: [] })).toEqual({ sent: false, code: 132001, reason: expect.stringContaining('Template name does not exist') });
    expect(await send({ to: '+201000012345', template: 'weekly_report', language: 'en', params: ['a', 'b', 'c'] })).toEqual({ sent: false, code: 131026, reason: expect.any(String) });
    const badToken = whatsAppSender(() => Promise.resolve({ ...p().settings, accessToken: 'expired' }), p().apiUrl);
    expect(await badToken({ to: number(), template: 'weekly_report', language: 'en', params: ['a', 'b', 'c'] })).toMatchObject({ sent: false, code: 190 });
    expect(await whatsAppSender(() => Promise.resolve(undefined), p().apiUrl)({ to: number(), template: 'weekly_report', language: 'en', params: ['a', 'b', 'c'] })).toMatchObject({ sent: false, code: NOT_CONFIGURED });
    expect(await whatsAppSender(() => Promise.resolve(p().settings), 'http://127.0.0.1:9')({ to: number(), template: 'weekly_report', language: 'en', params: ['a', 'b', 'c'] })).toMatchObject({ sent: false, code: NO_ANSWER });
  });
});
