import type { enHome } from '../en/home';

/** Arabic texts: home. Same keys as English (a missing key fails tsc). */
export const arHome: Record<keyof typeof enHome, string> = {
  'home.teacherRole': 'مدرس الأحياء',
  'home.whyTitle': 'ليه بيوسكوب؟',
  'home.why.lectures': 'شرح المحاضرات',
  'home.why.lecturesText': 'كل درس مشروح خطوة بخطوة بالرسومات، وتقدر تشوفه تاني في أي وقت.',
  'home.why.exams': 'حل الامتحانات',
  'home.why.examsText': 'حل امتحانات السنين اللي فاتت بطريقة التفكير اللي المصحح مستنيها.',
  'home.why.quizzes': 'اختبارات',
  'home.why.quizzesText': 'اختبارات قصيرة بعد الفيديوهات تعرّفك إنت وصلت لفين.',
  'home.why.revision': 'مراجعة الدروس',
  'home.why.revisionText': 'مراجعات مركزة قبل كل امتحان، درس بدرس.',
  'home.why.anywhere': 'متاح من أي مكان',
  'home.why.anywhereText': 'من موبايلك أو الكمبيوتر، في البيت أو في الطريق، بالليل أو بالنهار.',
  'home.why.followUp': 'متابعة وأسئلة',
  'home.why.followUpText': 'ابعت أسئلتك للفريق وخد إجابات تخليك مكمّل.',
  'home.gradesLoading': 'جارٍ تحميل الصفوف',
  'home.showTracks': 'عرض شعب {name}',
  'home.noGrades': 'لا توجد صفوف بعد.',
};
