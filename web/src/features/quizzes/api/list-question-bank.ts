import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type QuestionBankPage = ResponseOf<'GET /api/admin/question-bank'>;
export type BankQuestion = QuestionBankPage['data'][number];
export interface QuestionBankFilter {
  tag?: string;
  q?: string;
  cursor?: string;
}

/** GET /api/admin/question-bank: a page of every quiz's questions (by tag and text), every tag, and where the next page starts. */
export const listQuestionBankApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuestionBank: build.query<QuestionBankPage, QuestionBankFilter>({
      query: ({ tag, q, cursor }) => ({ route: 'GET /api/admin/question-bank', query: { tag: tag || undefined, q: q || undefined, cursor } }),
      providesTags: ['Quiz'],
    }),
  }),
});

export const { useListQuestionBankQuery } = listQuestionBankApi;
