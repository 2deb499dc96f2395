/**
 * The template messages the operator registers with Meta (WhatsApp Manager → Message templates,
 * category Utility), their bodies in both languages: {{n}} is the n-th body parameter. The local
 * stand-in knows exactly these (an unknown name or language answers 132001, a wrong parameter count
 * 132000); docs/whatsapp.md shows them to the operator.
 */
export interface TemplateDefinition {
  category: 'UTILITY';
  body: { ar: string; en: string };
}

export const TEMPLATE_DEFINITIONS: Record<string, TemplateDefinition> = {
  // {{1}} the parent's first name, {{2}} each child's week on one line, {{3}} the link that stops these messages.
  weekly_report: {
    category: 'UTILITY',
    body: {
      en: 'Hello {{1}}, here is the week on Bioscope: {{2}}. To stop these WhatsApp reports: {{3}}',
      ar: 'مرحبًا {{1}}، هذا ملخص الأسبوع على Bioscope: {{2}}. لإيقاف هذه التقارير على واتساب: {{3}}',
    },
  },
  // {{1}} the lecture or term bought, {{2}} the amount in EGP.
  payment_confirmed: {
    category: 'UTILITY',
    body: { en: 'Your payment for {{1}} ({{2}} EGP) is confirmed. Enjoy learning on Bioscope.', ar: 'تم تأكيد دفعك لـ {{1}} ({{2}} جنيه). استمتع بالتعلم على Bioscope.' },
  },
  // {{1}} the kiosk reference, {{2}} the amount in EGP, {{3}} when it expires.
  kiosk_reference_expiring: {
    category: 'UTILITY',
    body: { en: 'Your payment reference {{1}} for {{2}} EGP expires {{3}}. Pay at any Fawry or Aman outlet before then.', ar: 'رقم الدفع {{1}} بمبلغ {{2}} جنيه ينتهي {{3}}. ادفع في أي منفذ فوري أو أمان قبل ذلك.' },
  },
};

/** How many {{n}} a body holds. */
export const parameterCount = (body: string) => new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;

/** The body with its parameters put in, as the recipient reads it. */
export const renderTemplate = (body: string, params: string[]) => body.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => params[Number(n) - 1] ?? '');
