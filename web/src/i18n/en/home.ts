/** English texts: home. */
export const enHome = {
  'home.teacherRole': 'Biology teacher',
  'home.whyTitle': 'Why Bioscope?',
  'home.why.lectures': 'Lecture explanations',
  'home.why.lecturesText': 'Every lesson explained step by step, with diagrams you can watch again any time.',
  'home.why.exams': 'Exam solutions',
  'home.why.examsText': 'Past exams solved with the way of thinking the examiner expects.',
  'home.why.quizzes': 'Quizzes',
  'home.why.quizzesText': 'Short quizzes after the videos show you what you have mastered.',
  'home.why.revision': 'Lesson revision',
  'home.why.revisionText': 'Focused revisions before every exam, lesson by lesson.',
  'home.why.anywhere': 'Available from anywhere',
  'home.why.anywhereText': 'On your phone or computer, at home or on the way, day or night.',
  'home.why.followUp': 'Follow-up and questions',
  'home.why.followUpText': 'Send your questions to the team and get answers that keep you moving.',
  'home.gradesLoading': 'Loading the grades',
  'home.showTracks': 'Show the tracks of {name}',
  'home.noGrades': 'No grades yet.',
  'home.tracksHint': 'Tap the picture to choose ثانوي عام or ثانوي لغات',
  'home.tracksHintOpen': 'Tap the picture again to close',
  'home.continue': 'Continue where you stopped',
  // The teacher's texts and the spec's home texts are Arabic, shown as written in both languages.
  // ar/home.ts writes them out again (test/web/i18n-languages.test.ts holds the two equal): a module
  // both import becomes a chunk of its own, one more file on every page.
  'home.teacherName': 'د. أحمد الشريف',
  'home.qualification1': 'بكالوريوس الطب والجراحة — كلية طب قصر العيني، جامعة القاهرة',
  'home.qualification2': 'مدرس الأحياء للثانوية العامة والمدارس الدولية واللغات منذ 2012',
  'home.qualification3': 'مؤلف سلسلة «بيوسكوب» لمراجعة الأحياء',
  'home.teacherMessage': 'الأحياء مش حفظ… الأحياء فهم. ذاكر صح، واسأل كتير، وإحنا معاك خطوة بخطوة لحد ما تقفل الامتحان.',
  'home.logIn': 'تسجيل الدخول',
  'home.gradesTitle': 'الصفوف الدراسية',
  'home.gradesSignedOut': 'للوصول للصفوف الدراسية الرجاء تسجيل الدخول',
} as const;
