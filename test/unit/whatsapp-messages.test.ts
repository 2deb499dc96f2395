/**
 * The WhatsApp template messages of a student's payment confirmed and kiosk reference expiring
 * (functions/payments/whatsapp-messages.ts whatsAppFor): what the WhatsApp port is handed to send.
 */
import { parameterCount, TEMPLATE_DEFINITIONS } from '../../functions/notify/whatsapp-templates';
import { whatsAppFor } from '../../functions/payments/whatsapp-messages';

describe('whatsAppFor', () => {
  it('a payment confirmed: payment_confirmed in Arabic to the E.164 number, the lecture and the amount, keyed by the order', () => {
    expect(whatsAppFor({ type: 'paymentConfirmed', student: { mobileNumber: '+201012345678', locale: 'ar' }, orderId: '01JORDER', name: 'الوراثة', amount: 150 })).toEqual({
      to: '+201012345678',
      template: 'payment_confirmed',
      language: 'ar',
      params: ['الوراثة', '150'],
      key: 'payment_confirmed:01JORDER',
    });
  });

  it('a kiosk reference expiring: kiosk_reference_expiring in English with the reference, amount and the end in Cairo time', () => {
    expect(
      whatsAppFor({ type: 'kioskExpiring', student: { mobileNumber: '+201112223334', locale: 'en' }, orderId: '01JKIOSK', name: 'Genetics', amount: 80, reference: '9912345', expiresAt: '2026-12-08T16:30:00.000Z' }),
    ).toEqual({
      to: '+201112223334',
      template: 'kiosk_reference_expiring',
      language: 'en',
      params: ['9912345', '80', 'Tuesday 8 December at 18:30'],
      key: 'kiosk_reference_expiring:01JKIOSK:2026-12-08T16:30:00.000Z',
    });
  });

  it('English when the student has no locale; nothing when there is no number to send to', () => {
    expect(whatsAppFor({ type: 'paymentConfirmed', student: { mobileNumber: '+201012345678' }, orderId: 'o', name: 'n', amount: 1 })?.language).toBe('en');
    expect(whatsAppFor({ type: 'paymentConfirmed', student: { locale: 'ar' }, orderId: 'o', name: 'n', amount: 1 })).toBeUndefined();
    expect(whatsAppFor({ type: 'paymentConfirmed', student: { mobileNumber: '01012345678' }, orderId: 'o', name: 'n', amount: 1 })).toBeUndefined();
  });

  it.each(['ar', 'en'] as const)('gives each template as many parameters as its registered body (%s): Meta refuses another count (132000)', (locale) => {
    const student = { mobileNumber: '+201012345678', locale };
    const messages = [
      whatsAppFor({ type: 'paymentConfirmed', student, orderId: 'o', name: 'n', amount: 1 })!,
      whatsAppFor({ type: 'kioskExpiring', student, orderId: 'o', name: 'n', amount: 1, reference: '1', expiresAt: '2026-12-08T16:30:00.000Z' })!,
    ];
    for (const m of messages) expect({ template: m.template, params: m.params.length }).toEqual({ template: m.template, params: parameterCount(TEMPLATE_DEFINITIONS[m.template]!.body[m.language]) });
  });
});
