/** Store area `terms` (spec 3, 4): the terms of the course and track being viewed. */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Term } from '@shared/schemas/catalogue';
import type { RequestStatus } from '@/lib/request-status';
import { fetchTerms } from '../api/get-terms';
import { lockTerm } from '../api/toggle-term-lock';

export interface TermsState {
  terms: Term[];
  /** Which course and track the terms belong to (`courseId/courseFor`). */
  of: string | null;
  status: RequestStatus;
  error: unknown;
}

const initialState: TermsState = { terms: [], of: null, status: 'idle', error: null };

const termsSlice = createSlice({
  name: 'terms',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchTerms.pending, (state, { meta }) => {
        // Another course's terms must not show while this one's load (a reload keeps them).
        const of = `${meta.arg.courseId}/${meta.arg.courseFor}`;
        if (state.of !== of) state.terms = [];
        state.of = of;
      })
      .addCase(fetchTerms.fulfilled, (state, { payload }) => {
        state.terms = payload;
        state.status = 'succeeded';
      })
      .addMatcher(isAnyOf(fetchTerms.pending, lockTerm.pending), (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addMatcher(isAnyOf(fetchTerms.rejected, lockTerm.rejected), (state, action) => {
        state.status = 'failed';
        state.error = action.payload;
      });
  },
});

export const termsReducer = termsSlice.reducer;

type WithTerms = { terms: TermsState };
export const selectTerms = (s: WithTerms) => s.terms;
