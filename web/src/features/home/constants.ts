/**
 * The teacher shown in the hero. Placeholder text until the home-page issue (issue 4) brings the
 * real name, qualifications and logo images.
 */
export const TEACHER = {
  name: 'اسم المدرس',
  qualifications: 'المؤهلات — تضاف مع صفحة الرئيسية الكاملة',
} as const;

export const HOME_TEXTS = {
  loginButton: 'تسجيل الدخول',
  gradesHeading: 'الصفوف الدراسية',
  gradesSignedOut: 'للوصول للصفوف الدراسية الرجاء تسجيل الدخول',
} as const;
