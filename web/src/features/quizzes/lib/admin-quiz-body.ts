import type { QuizData } from '@shared/schemas/quizzes';

/** What a quiz save sends: quizData, the quiz image, question images by index (new) or id (existing). */
export interface QuizSave {
  quizData: QuizData;
  quizImage?: File;
  /** Keyed as the multipart field names them: '0' for a new question at index 0, its id for a saved one. */
  questionImages: Record<string, File>;
}

/** Spec 7's multipart quiz body: quizData (JSON), quizImage, questionImages[key]. */
export function quizFormData({ quizData, quizImage, questionImages }: QuizSave): FormData {
  const form = new FormData();
  form.set('quizData', JSON.stringify(quizData));
  if (quizImage) form.set('quizImage', quizImage);
  for (const [key, file] of Object.entries(questionImages)) form.set(`questionImages[${key}]`, file);
  return form;
}
