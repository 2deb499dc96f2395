/**
 * What the home page says about the teacher. The teacher edits this file: name, qualifications
 * and the motivational message are shown as written (Arabic).
 */
export const TEACHER = {
  name: 'د. أحمد الشريف',
  qualifications: [
    'بكالوريوس الطب والجراحة — كلية طب قصر العيني، جامعة القاهرة',
    'مدرس الأحياء للثانوية العامة والمدارس الدولية واللغات منذ 2012',
    'مؤلف سلسلة «بيوسكوب» لمراجعة الأحياء',
  ],
  message: 'الأحياء مش حفظ… الأحياء فهم. ذاكر صح، واسأل كتير، وإحنا معاك خطوة بخطوة لحد ما تقفل الامتحان.',
} as const;

export const HOME_TEXTS = {
  loginButton: 'تسجيل الدخول',
  gradesHeading: 'الصفوف الدراسية',
  gradesSignedOut: 'للوصول للصفوف الدراسية الرجاء تسجيل الدخول',
} as const;
