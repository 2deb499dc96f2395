import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { RESET_CODE_LENGTH } from '@shared/constants';
import { toLatinDigits } from '@shared/schemas/common';
import { useT } from '@/i18n/use-t';

/**
 * Spec 5: six single-digit boxes. Typing a digit moves focus forward, Backspace on an empty box
 * moves back, pasting the whole code fills every box. Arabic-Indic and Persian digits (٠١٢… ۰۱۲…)
 * count as 0–9. The first box has the focus on arrival.
 */
export function CodeBoxes({ value, onChange }: { value: string[]; onChange: (digits: string[]) => void }) {
  const t = useT();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(RESET_CODE_LENGTH - 1, i))]?.focus();
  const onlyDigits = (raw: string) => toLatinDigits(raw).replace(/\D/g, '');

  useEffect(() => {
    refs.current[0]?.focus();
  }, []);

  const setDigit = (i: number, raw: string) => {
    let digits = onlyDigits(raw);
    // A second digit typed into a filled box replaces it; more than that is an autofill.
    if (digits.length === 2 && value[i]) digits = digits.replace(value[i]!, '').slice(0, 1) || value[i]!;
    else if (digits.length > 1) return fill(digits.slice(0, RESET_CODE_LENGTH), digits.length >= RESET_CODE_LENGTH ? 0 : i);
    const next = [...value];
    next[i] = digits;
    onChange(next);
    if (digits) focus(i + 1);
  };

  const fill = (digits: string, from = 0) => {
    const next = [...value];
    for (let k = 0; k < digits.length && from + k < RESET_CODE_LENGTH; k++) next[from + k] = digits[k]!;
    onChange(next);
    focus(from + digits.length);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      const next = [...value];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(document.dir === 'rtl' ? i + 1 : i - 1);
    else if (e.key === 'ArrowRight') focus(document.dir === 'rtl' ? i - 1 : i + 1);
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const digits = onlyDigits(e.clipboardData.getData('text'));
    if (!digits) return;
    e.preventDefault();
    fill(digits.slice(0, RESET_CODE_LENGTH), digits.length >= RESET_CODE_LENGTH ? 0 : i);
  };

  return (
    // Digits read left to right in both languages.
    <div className="code-boxes" dir="ltr">
      {Array.from({ length: RESET_CODE_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="code-box"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          value={value[i] ?? ''}
          aria-label={t('auth.codeDigit', { n: i + 1 })}
          onChange={(e) => setDigit(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
