/**
 * Forms, one way: react-hook-form over the shared zod schemas (shared/schemas/*), so a rule the
 * server applies is the rule the browser applies. Every failure reads in the user's language:
 *
 * - a schema rule → `ruleOf(issue)` (shared/rules.ts) → the dictionary's `rule.<code>` with
 *   `{field}` = the label `field.<name>` and the rule's params (`{min}`, `{max}`, `{values}` …);
 * - a failed call → `messageOf(error, t, fallbackKey)`: a known top-level `code` → `error.<code>`,
 *   else the server's `message`, else the screen's fallback (the spec's toast text);
 * - a 400's `errors[{ field, code, params }]` → `setServerErrors(error, setError, t)`: each rule
 *   lands on its own field (and a typed error such as "e-mail in use" on the field it names).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type FieldValues, type Path, type UseFormProps, type UseFormReturn, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type IssueLike, type Rule, ruleOf } from '@shared/rules';
import { hasMessage, type Language, translate, type Translate, useLanguage } from '@/i18n/use-t';
import { errorBodyOf, errorCodeOf, messageOf, ruleText } from './messages';

// The texts of rules and failed calls live in ./messages, imported from there (no form library:
// a screen that shows a failed call but has no form loads none, and the shell uses them too).

const translatorOf =
  (language: Language): Translate =>
  (key, vars) =>
    translate(language, key, vars);

/** zod's per-parse error map: every issue worded by the dictionary in `language`. */
export const issueText = (language: Language) => {
  const t = translatorOf(language);
  return (issue: IssueLike) => ruleText(ruleOf(issue), t);
};

type Schema = z.ZodType<FieldValues, FieldValues>;
export type ZodFormOptions<S extends Schema> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;

/**
 * `useForm` validated by a shared schema, its messages in the user's language. A field is first
 * judged when it is left (or on submit), then on every change: a message goes as soon as the
 * field is fixed, a server's message on a field too.
 */
export function useZodForm<S extends Schema>(schema: S, options: ZodFormOptions<S> = {}): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const language = useLanguage();
  const resolver = useMemo(
    () => zodResolver(schema as never, { error: issueText(language) as never, reportInput: true }) as unknown as UseFormProps<z.input<S>, unknown, z.output<S>>['resolver'],
    [schema, language],
  );
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', reValidateMode: 'onChange', ...options, resolver });
}

/**
 * A password and its confirmation, the confirmation checked live: once it is as long as the
 * password (or has been left), each keystroke in either field re-checks it, so 'must match'
 * shows while they differ and goes as soon as they agree. Spread the two results on the fields.
 */
export function registerPasswordPair<F extends FieldValues>(
  { register, trigger, getValues, getFieldState }: Pick<UseFormReturn<F>, 'register' | 'trigger' | 'getValues' | 'getFieldState'>,
  password: Path<F>,
  confirm: Path<F>,
) {
  const check = () => {
    const typed = String(getValues(confirm) ?? '');
    if (getFieldState(confirm).isTouched || (typed && typed.length >= String(getValues(password) ?? '').length)) void trigger(confirm);
  };
  return { password: register(password, { onChange: check }), confirm: register(confirm, { onChange: check }) };
}

export interface ServerFieldError {
  field?: string;
  path?: string;
  code?: string;
  params?: Rule['params'];
  message?: string;
}

/**
 * Put a failed call's field problems on their fields: each entry of a 400's `errors`, and a typed
 * error whose `code` `codeFields` maps to a field (`{ 'auth.emailTaken': 'email' }`). Only fields
 * in `fields` (when given) are set, and the first of them gets the focus (so it is in view).
 * Returns true when at least one field got its error.
 */
export function setServerErrors<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  t: Translate,
  { fields, codeFields = {} }: { fields?: readonly Path<F>[]; codeFields?: Partial<Record<string, Path<F>>> } = {},
): boolean {
  const body = errorBodyOf(error);
  const known = (name: string | undefined): name is Path<F> => !!name && (!fields || (fields as readonly string[]).includes(name));
  let set = false;
  const entries = Array.isArray(body?.errors) ? (body.errors as ServerFieldError[]) : [];
  for (const e of entries) {
    const name = e.field ?? String(e.path ?? '').split('.')[0];
    if (!known(name)) continue;
    const message = e.code && hasMessage(`rule.${e.code}`) ? ruleText({ code: e.code as Rule['code'], field: name, params: e.params }, t) : (e.message ?? ruleText({ code: 'invalid', field: name }, t));
    setError(name, { type: 'server', message }, { shouldFocus: !set });
    set = true;
  }
  const code = errorCodeOf(error);
  const field = code ? codeFields[code] : undefined;
  if (known(field)) {
    setError(field, { type: 'server', message: messageOf(error, t, 'error.unknown') }, { shouldFocus: !set });
    set = true;
  }
  return set;
}
