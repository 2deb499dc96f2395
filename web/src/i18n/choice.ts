/**
 * The part of ICU MessageFormat the dictionaries use, for texts whose words follow a number or a
 * field: `{n, plural, one {# day} other {# days}}` (Arabic has zero, one, two, few, many, other:
 * "يوم واحد", "يومان", "7 أيام", "30 يومًا", "100 يوم"; `=0` picks an exact number first) and
 * `{gender, select, feminine {مطلوبة} other {مطلوب}}`. `#` is the number. A form may hold `{name}`
 * values, filled in afterwards by translate().
 */
import type { Language } from './use-t';

const FORM = String.raw`(?:[^{}]|\{\w+\})*`;
const CHOICE = new RegExp(String.raw`\{(\w+), (plural|select),((?:\s*=?\w+\s*\{${FORM}\})+)\s*\}`, 'g');
const FORMS = new RegExp(String.raw`(=?\w+)\s*\{(${FORM})\}`, 'g');

const rules = new Map<Language, Intl.PluralRules>();
const pluralRules = (language: Language) => rules.get(language) ?? rules.set(language, new Intl.PluralRules(language)).get(language)!;

/** `text` with each plural or select replaced by the form `vars` choose (other when none fits). */
export function choose(language: Language, text: string, vars: Record<string, string | number>): string {
  if (!text.includes(', plural,') && !text.includes(', select,')) return text;
  return text.replace(CHOICE, (_, name: string, kind: string, body: string) => {
    const forms = new Map([...body.matchAll(FORMS)].map((m) => [m[1]!, m[2]!]));
    const value = vars[name];
    const form = kind === 'plural' ? (forms.get(`=${value}`) ?? forms.get(pluralRules(language).select(Number(value)))) : forms.get(String(value));
    return (form ?? forms.get('other') ?? '').replace(/#/g, String(value));
  });
}
