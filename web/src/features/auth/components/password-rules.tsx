import { PASSWORD_RULES } from '@shared/schemas/common';
import { useT } from '@/i18n/use-t';

export const passwordRulesHold = (password: string) => PASSWORD_RULES.every((r) => r.test(password));

/** Spec 5: the three live rules, each ticking as soon as it holds. */
export function PasswordRules({ password }: { password: string }) {
  const t = useT();
  return (
    <ul className="password-rules" aria-label={t('auth.rules')} aria-live="polite">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password);
        return (
          <li key={rule.key} className={ok ? 'rule-ok' : 'rule-pending'} data-rule={rule.key} data-ok={ok}>
            <span aria-hidden="true">{ok ? '✓' : '•'}</span> {rule.text}
          </li>
        );
      })}
    </ul>
  );
}
