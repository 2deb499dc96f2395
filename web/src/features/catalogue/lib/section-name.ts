import type { Translate } from '@/i18n/use-t';

/**
 * A section's name as shown: the Quiz section is stored as 'Quiz' (spec 9's content type) and reads
 * in the user's language; the other two types are Arabic in both languages, as the spec writes them.
 */
export const sectionName = (t: Translate, content: string): string => (content === 'Quiz' ? t('cat.quizSectionName') : content);
