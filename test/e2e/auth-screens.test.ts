/**
 * Every auth screen in English and Arabic, dark and light, on a phone (360 px) and a desktop:
 * laid out without sideways scrolling, in the right direction, and photographed for a person
 * to look at (screenshots/auth-<screen>-<language>-<theme>-<width>.png).
 */
import type { Page } from 'playwright-core';
import { DESKTOP, browserForFile, newPage, PHONE, shot } from '../support/browser';
import { appTookOver, at } from './auth-helpers';

jest.setTimeout(60_000);

const browser = browserForFile();

/** Each screen with the title it sets once rendered. */
/** Each screen, its address and its tab's title in English and in Arabic (the brand stays as it is). */
const SCREENS = [
  ['login', '/auth/login', { en: 'Bioscope | Log in', ar: 'Bioscope | تسجيل الدخول' }],
  ['registration', '/auth/registeration', { en: 'Bioscope | Sign Up', ar: 'Bioscope | إنشاء حساب' }],
  ['forgot', '/auth/forgotPassword', { en: 'Bioscope | Forgot password', ar: 'Bioscope | نسيت كلمة المرور' }],
  ['verification', '/auth/verification', { en: 'Bioscope | Verification', ar: 'Bioscope | التحقق' }],
  ['reset', '/auth/reset', { en: 'Bioscope | Reset password', ar: 'Bioscope | إعادة تعيين كلمة المرور' }],
  ['success', '/auth/success', { en: 'Bioscope | Success', ar: 'Bioscope | تم بنجاح' }],
] as const;

/** A client-side route change (as a link would make), so the matrix costs no page loads. */
async function openScreen(page: Page, path: string, title: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((t) => document.title === t && !!document.querySelector('.auth-card h1'), title);
}

/** Direction, theme and anything wider than the screen or spilling out of the card's content box. */
const layoutOf = (page: Page) =>
  page.evaluate(() => {
    const cardEl = document.querySelector('.auth-card')!;
    const card = cardEl.getBoundingClientRect();
    const cs = getComputedStyle(cardEl);
    const left = card.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
    const right = card.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
    const outside = [...cardEl.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < left - 0.5 || r.right > right + 0.5);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
    return {
      path: location.pathname,
      dir: document.documentElement.dir,
      theme: document.documentElement.dataset.theme,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      outside,
    };
  });

it('lays out every auth screen in English and Arabic, dark and light, at 360 px and 1280 px, switched by the toggles', async () => {
  const { page, context, errors } = await newPage(browser(), { viewport: PHONE });
  // The reset steps' e-mail and verified code, so verification and reset open instead of
  // sending the visitor back to step one.
  await page.goto(at('/auth/login'));
  await page.evaluate(() => {
    localStorage.setItem('forgotPasswordEmail', 'student.with.a.long.address@test.local');
    sessionStorage.setItem('resetCode', '123456');
  });
  // Until React takes over, the login form is there twice (its English and Arabic copies).
  await appTookOver(page);
  await page.locator('.auth-card h1').waitFor();
  const html = page.locator('html');
  // Defaults: English, dark.
  expect([await html.getAttribute('dir'), await html.getAttribute('data-theme')]).toEqual(['ltr', 'dark']);

  // en-dark, then each switch flips one preference through the UI: en-light, ar-light, ar-dark.
  const steps = [
    ['en', 'dark', null],
    ['en', 'light', 'theme-toggle'],
    ['ar', 'light', 'language-toggle'],
    ['ar', 'dark', 'theme-toggle'],
  ] as const;
  for (const [language, theme, toggle] of steps) {
    if (toggle) await page.getByTestId(toggle).click();
    await page.waitForFunction(([l, t]) => document.documentElement.lang === l && document.documentElement.dataset.theme === t, [language, theme] as const);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const [screen, path, title] of SCREENS) {
        await openScreen(page, path, title[language]);
        const where = `${screen} ${language} ${theme} ${viewport.width}`;
        expect({ where, ...(await layoutOf(page)) }).toEqual({ where, path, dir: language === 'ar' ? 'rtl' : 'ltr', theme, overflow: 0, outside: [] });
        await shot(page, `auth-${screen}-${language}-${theme}-${viewport.width}`);
      }
    }
  }

  // The choice is kept in local storage and survives a reload.
  expect(await page.evaluate(() => [localStorage.getItem('language'), localStorage.getItem('theme')])).toEqual(['ar', 'dark']);
  await page.reload();
  await appTookOver(page);
  await page.locator('.auth-card h1').waitFor();
  expect([await html.getAttribute('dir'), await html.getAttribute('data-theme')]).toEqual(['rtl', 'dark']);
  expect(errors).toEqual([]);
  await context.close();
});
