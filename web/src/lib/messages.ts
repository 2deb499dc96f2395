/**
 * The texts of validation rules and failed calls, in the user's language (see lib/forms.ts for
 * how forms use them). Kept apart from the form library so the shell (logout) can use them.
 */
import type { Rule } from '@shared/rules';
import { documentLanguage, hasMessage, type MessageKey, type Translate } from '@/i18n/use-t';
import { ApiError } from './api-client';

/** A field's label: `field.<name>` ('field.form' for the whole form), else the name itself. */
export function fieldLabel(name: string, t: Translate): string {
  const key = name ? `field.${name}` : 'field.form';
  return hasMessage(key) ? t(key) : name;
}

/** The dictionary's wording of a rule, with its field's label and params. */
export function ruleText(rule: Pick<Rule, 'code' | 'field'> & { params?: Rule['params'] }, t: Translate): string {
  const key = `rule.${rule.code}`;
  return t(hasMessage(key) ? key : 'rule.invalid', { ...rule.params, field: fieldLabel(rule.field, t), gender: t('field.feminine').split(' ').includes(rule.field) ? 'feminine' : 'other' });
}

/** A failed call's server body: RTK Query's `{ status, data }`, an ApiError's body, or the value itself. */
export function errorBodyOf(error: unknown): Record<string, unknown> | undefined {
  const body = error instanceof ApiError ? error.body : error && typeof error === 'object' && 'status' in error && 'data' in error ? (error as { data: unknown }).data : error;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
}

/** The top-level `code` of a failed call's body (a typed server error), if any. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = errorBodyOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Codes whose server message is sharper than one dictionary text (which field, which record): the
 * message is shown when there is one, the dictionary's text otherwise.
 */
const GENERIC_CODES: ReadonlySet<string> = new Set(['validation', 'badRequest', 'notFound', 'conflict', 'forbidden', 'unauthorized', 'internal']);

/** How long a 429 asks to wait (its `retryAfter`, seconds), as the `{seconds}` and `{minutes}` of its text. */
export function retryVarsOf(error: unknown): { seconds: number; minutes: number } | undefined {
  const seconds = Number(errorBodyOf(error)?.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? { seconds: Math.ceil(seconds), minutes: Math.ceil(seconds / 60) } : undefined;
}

/** The text to show for a failed call: `error.<code>` when known, else the server's message, else the fallback. */
export function messageOf(error: unknown, t: Translate, fallbackKey: MessageKey): string {
  const body = errorBodyOf(error);
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const given = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  // The server speaks English: on an Arabic page its words give way to the dictionary's.
  const message = given && (documentLanguage() === 'en' || /[\u0600-\u06FF]/.test(given)) ? given : undefined;
  const key = `error.${code}`;
  if (code && hasMessage(key) && !(message && GENERIC_CODES.has(code))) {
    const text = t(key, retryVarsOf(error));
    // A text that names the wait needs the server's figure; without it the server's own words are better.
    return /\{\w+\}/.test(text) && message ? message : text;
  }
  return message ?? t(fallbackKey);
}

