import type { QuestionType } from '@shared/constants';
import type { Translate } from '@/i18n/use-t';
import '@/i18n/quiz-area';

/**
 * How an option reads: a True/False question stores 'True' and 'False' (spec 4: the answer sent and
 * marked), shown in the user's language (صح / خطأ); any other option as the teacher wrote it.
 */
export function optionText(t: Translate, type: QuestionType, text: string): string {
  if (type !== 'TRUE_FALSE') return text;
  return text === 'True' ? t('quiz.true') : text === 'False' ? t('quiz.false') : text;
}
