import { PASSWORD_RULES } from '@shared/schemas/common';
import { useT } from '@/i18n/use-t';

/** Spec 5: the three live rules (shared/schemas/common.ts), each ticking as soon as it holds. */
export function PasswordRules({ password }: { password: string }) {
  const t = useT();
  return (
    <ul className="password-rules" aria-label={t('auth.rules')} aria-live="polite">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password);
        return (
          <li key={rule.key} className={ok ? 'rule-ok' : 'rule-pending'} data-rule={rule.key} data-ok={ok}>
            <span aria-hidden="true">{ok ? '✓' : '•'}</span> {t(`auth.rule.${rule.key}`)}
          </li>
        );
      })}
    </ul>
  );
}
