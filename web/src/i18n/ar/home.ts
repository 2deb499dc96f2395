import type { enHome } from '../en/home';

/**
 * Arabic texts: home. Same keys as English (a missing key fails tsc). The spec's Arabic texts are
 * the same in both dictionaries, written out in each (test/web/i18n-languages.test.ts checks they
 * agree): importing English's would put both languages' files on an Arabic page.
 */
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
  'home.tracksHint': 'اضغط على الصورة لاختيار ثانوي عام أو ثانوي لغات',
  'home.tracksHintOpen': 'اضغط على الصورة مرة أخرى للإغلاق',
  'home.tracksHintClick': 'انقر على الصورة لاختيار ثانوي عام أو ثانوي لغات',
  'home.tracksHintClickOpen': 'انقر على الصورة مرة أخرى للإغلاق',
  'home.continue': 'أكمل من حيث توقفت',
  'home.teacherName': 'د. أحمد الشريف',
  'home.qualification1': 'بكالوريوس الطب والجراحة — كلية طب قصر العيني، جامعة القاهرة',
  'home.qualification2': 'مدرس الأحياء للثانوية العامة والمدارس الدولية واللغات منذ 2012',
  'home.qualification3': 'مؤلف سلسلة «بيوسكوب» لمراجعة الأحياء',
  'home.teacherMessage': 'الأحياء مش حفظ… الأحياء فهم. ذاكر صح، واسأل كتير، وإحنا معاك خطوة بخطوة لحد ما تقفل الامتحان.',
  'home.logIn': 'تسجيل الدخول',
  'home.gradesTitle': 'الصفوف الدراسية',
  'home.gradesSignedOut': 'للوصول للصفوف الدراسية الرجاء تسجيل الدخول',
};
