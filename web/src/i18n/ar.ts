/** Every text a person sees, in Arabic: the same areas and keys as en.ts. */
import type { MessageKey } from './en';
import { arAuth } from './ar/auth';
import { arCatalogue } from './ar/catalogue';
import { arCommerce } from './ar/commerce';
import { arCommon } from './ar/common';
import { arHome } from './ar/home';
import { arQuiz } from './ar/quiz';
import { arQuizAdmin } from './ar/quiz-admin';

export const ar: Record<MessageKey, string> = { ...arCommon, ...arAuth, ...arHome, ...arCatalogue, ...arQuiz, ...arQuizAdmin, ...arCommerce };
