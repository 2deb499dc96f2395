/**
 * The mails a student gets, in the language they signed up in (the user record's `locale`; English
 * for a record from before it was kept). Plain text, as sendMail sends it.
 */
import type { Locale } from '../../shared/constants';
import type { Mail } from '../data/mailer';

type Written = Pick<Mail, 'subject' | 'text'>;

export const activationMail = (locale: Locale, firstName: string, link: string, hours: number): Written =>
  locale === 'ar'
    ? {
        subject: 'فعّل حسابك على بيوسكوب',
        text: `أهلاً ${firstName}،\n\nافتح هذا الرابط لتفعيل حسابك (صالح لمدة ${hours} ساعة):\n${link}\n\nإن لم تكن أنت من أنشأ الحساب فتجاهل هذه الرسالة.`,
      }
    : {
        subject: 'Activate your Bioscope account',
        text: `Hello ${firstName},\n\nOpen this link to activate your account (valid for ${hours} hours):\n${link}\n\nIf you did not sign up, ignore this mail.`,
      };

export const resetCodeMail = (locale: Locale, code: string, minutes: number): Written =>
  locale === 'ar'
    ? {
        subject: 'كود إعادة تعيين كلمة المرور على بيوسكوب',
        text: `كود إعادة تعيين كلمة المرور: ${code}\nصالح لمدة ${minutes} دقيقة. إن لم تطلبه فتجاهل هذه الرسالة.`,
      }
    : {
        subject: 'Your Bioscope password reset code',
        text: `Your password reset code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.`,
      };

export const googleAccountMail = (locale: Locale): Written =>
  locale === 'ar'
    ? {
        subject: 'حسابك على بيوسكوب',
        text: 'هذا الحساب يسجّل الدخول بحساب Google، فلا كلمة مرور له لإعادة تعيينها. استخدم «المتابعة باستخدام Google» في صفحة تسجيل الدخول.',
      }
    : {
        subject: 'Your Bioscope account',
        text: 'This account signs in with Google, so it has no password to reset. Use "Sign in with Google" on the log-in page.',
      };
