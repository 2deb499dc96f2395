/**
 * Every text a person sees, in English: one dictionary per area, merged here. The spec's texts
 * are kept exactly as written (some are Arabic in both languages). ar.ts has the same key set:
 * a key missing there fails `tsc`.
 */
import { enAuth } from './en/auth';
import { enCatalogue } from './en/catalogue';
import { enCommerce } from './en/commerce';
import { enCommon } from './en/common';
import { enHome } from './en/home';
import { enQuiz } from './en/quiz';
import { enQuizAdmin } from './en/quiz-admin';

export const en = { ...enCommon, ...enAuth, ...enHome, ...enCatalogue, ...enQuiz, ...enQuizAdmin, ...enCommerce } as const;

export type MessageKey = keyof typeof en;
