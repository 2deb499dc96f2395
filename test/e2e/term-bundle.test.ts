/**
 * Term bundles in real Chromium against the platform and its local Paymob sandbox: the teacher gives
 * the first term a whole-term price on the terms screen; a student on a phone in Arabic sees "the
 * whole term for N instead of M" on the term's content page, buys it through the sandbox's checkout
 * by card, finds it on My lectures with its lectures, and opens one whose video plays. Screenshots
 * (phone 390x844 Arabic, desktop 1366x768 English, dark and light) go to SHOTS_DIR (default: screenshots/).
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { api, makeUser, platform, type TestUser } from '../support/platform';
import { at, swalTitle, waitForPath } from './auth-helpers';
import { FIRST_TERM, GENERAL, makeCourse, type OwnCourse, pressPlay, sidewaysOverflow } from './catalogue-helpers';
import { dayIn, makePaidLecture, noToast, payInSandbox, pageShot, signedInPage, tooWide, VARIANTS } from './commerce-helpers';

jest.setTimeout(180_000);


let browser: Browser;
let admin: TestUser;
let course: OwnCourse;
let lectures: { id: string; name: string }[];
const END = new Date(Date.now() + 40 * 86_400_000);
const endDay = `${END.getFullYear()}-${String(END.getMonth() + 1).padStart(2, '0')}-${String(END.getDate()).padStart(2, '0')}`;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), makeUser({ admin: true })]);
  course = await makeCourse(admin, 'Bundle course ');
  const first = await makePaidLecture(admin, course, { name: 'محاضرة الباقة الأولى', price: 100, videos: 1 });
  const second = await makePaidLecture(admin, course, { name: 'محاضرة الباقة الثانية', price: 80, videoKeys: first.videoKeys });
  lectures = [first, second];
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, screen: string, tag: string) => pageShot(page, `t-${screen}-${tag}`);

const words = (language: 'en' | 'ar') =>
  language === 'en'
    ? { offer: 'The whole term for 150 LE instead of 180 LE', buy: 'Buy the whole term', pay: 'Pay 150 LE by card, wallet or kiosk', mine: 'Whole terms' }
    : { offer: 'الترم كامل بـ 150 ج.م بدلًا من 180 ج.م', buy: 'اشترِ الترم كامل', pay: 'ادفع 150 ج.م بالبطاقة أو المحفظة أو في منفذ دفع', mine: 'الترمات الكاملة' };

/** Home → the course's grade card → ثانوي عام → the first term's content page, as a student goes. */
async function openTerm(page: Page) {
  await page.goto(at('/'));
  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
  await card.locator('.grade-card-face').click();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/term');
  await page.getByRole('link', { name: FIRST_TERM, exact: true }).click();
  await waitForPath(page, '/content');
}

/** The dashboard → the course → ثانوي عام: the terms screen. */
async function openTerms(page: Page) {
  await page.goto(at('/dashboard'));
  const card = page.getByTestId('grade-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
  await card.hover();
  await card.getByRole('link', { name: GENERAL, exact: true }).click();
  await waitForPath(page, '/dashboard/terms');
}

describe('term bundles', () => {
  it('the teacher gives the first term a whole-term price and an end on the terms screen', async () => {
    const { page, context, errors } = await signedInPage(browser, VARIANTS[2]!, admin, true);
    await openTerms(page);
    const bundle = page.locator('.term-row').filter({ hasText: FIRST_TERM }).locator('details.term-bundle');
    await bundle.getByText('Not sold as a whole term').click();
    await bundle.getByLabel('Bundle price (LE)').fill('150');
    await bundle.getByLabel('Ends on').fill(endDay);
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/api/cours/Term/bundle/${course.termId}`);
    await bundle.getByRole('button', { name: 'Save the bundle' }).click();
    expect((await saved).status()).toBe(200);
    await swalTitle(page, 'The bundle was saved');
    await bundle.getByTestId('bundle-summary').getByText(`Whole term: 150 LE until ${dayIn(END, 'en')}`).waitFor();
    const term = (await api('GET', `/api/cours/Term/${encodeURIComponent(GENERAL)}/${course.id}`, { token: admin.token })).body.data.find((t: { id: string }) => t.id === course.termId);
    expect(term).toMatchObject({ bundlePrice: 150 });
    expect(term.endsAt.slice(0, 4)).toBe(String(END.getFullYear()));
    await noToast(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VARIANTS)('%s: the terms screen with the bundle open', async (...variant) => {
    const [tag] = variant;
    const { page, context, errors } = await signedInPage(browser, variant, admin, true);
    await openTerms(page);
    const bundle = page.locator('.term-row').filter({ hasText: FIRST_TERM }).locator('details.term-bundle');
    await bundle.locator('summary').click();
    await bundle.locator('form').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-terms', tag);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('phone-ar-dark: a student sees the offer, buys the whole term by card in the sandbox, finds it on My lectures and plays a lecture of it', async () => {
    const variant = VARIANTS[0]!;
    const w = words('ar');
    const { page, context, errors } = await signedInPage(browser, variant);
    await openTerm(page);
    const offer = page.getByTestId('bundle-offer');
    await offer.getByText(w.offer).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await tooWide(page)).toEqual([]);
    await shot(page, 'content-offer', 'phone-ar-dark');

    await offer.getByRole('button', { name: w.buy }).click();
    const pay = offer.getByRole('link', { name: w.pay });
    await pay.waitFor();
    await pay.click();
    // The sandbox's checkout: the order of 150.00 EGP; pay by card; back to /temp, then My lectures.
    await page.getByText('150.00 EGP').first().waitFor();
    await page.getByRole('button', { name: /Pay by card/ }).click();
    await waitForPath(page, '/temp');
    await waitForPath(page, '/profile/lecPay');
    const row = page.getByTestId('bundle-row');
    await row.getByText(FIRST_TERM, { exact: false }).first().waitFor();
    for (const l of lectures) await row.getByRole('link', { name: l.name }).waitFor();
    expect(await tooWide(page)).toEqual([]);
    await shot(page, 'my-lectures', 'phone-ar-dark');

    // A lecture of the term opens, and its video plays.
    await row.getByRole('link', { name: lectures[1]!.name }).click();
    await waitForPath(page, `/lec/${lectures[1]!.id}`);
    await page.getByTestId('lecture-video').waitFor();
    await pressPlay(page);

    // Back on the term: no offer any more, every lecture open.
    await openTerm(page);
    await page.getByTestId('lecture-card').first().waitFor();
    expect(await page.getByTestId('bundle-offer').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VARIANTS.slice(1))('%s: the offer on the content page, and the bundle on My lectures', async (...variant) => {
    const [tag, , language] = variant;
    const w = words(language);
    const { page, context, errors, user } = await signedInPage(browser, variant);
    await openTerm(page);
    const offer = page.getByTestId('bundle-offer');
    await offer.getByText(w.offer).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'content-offer', tag);

    // Bought over HTTP (what the sandbox's form posts), then the browser's return followed.
    const r = await api('POST', `/api/user/payment-intention/term/${course.termId}`, { token: user.token, json: {} });
    expect(r.status).toBe(200);
    const back = await payInSandbox(r.body.paymentUrl, 'card');
    expect((await fetch(back!, { redirect: 'manual' })).headers.get('location')).toBe(`${platform().url}/temp`);
    await page.goto(at('/profile/lecPay'));
    const row = page.getByTestId('bundle-row');
    await row.getByRole('link', { name: lectures[0]!.name }).waitFor();
    await page.getByRole('heading', { name: w.mine }).waitFor();
    expect(await tooWide(page)).toEqual([]);
    await shot(page, 'my-lectures', tag);
    expect(errors).toEqual([]);
    await context.close();
  });
});
