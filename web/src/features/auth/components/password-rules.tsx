/** The live rule list lives in components/ (the profile's new password shows it too). */
export { PasswordRules } from '@/components/password-rules';
