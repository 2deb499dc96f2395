import { createSlice } from '@reduxjs/toolkit';
import type { Language } from '@/i18n/use-t';
import { readString, STORAGE_KEYS, writeString } from '@/lib/storage';

/** Spec 3: English by default; the choice is kept in local storage. */
export const initialLanguage = (): Language => (readString(STORAGE_KEYS.language) === 'ar' ? 'ar' : 'en');

const languageSlice = createSlice({
  name: 'language',
  initialState: () => ({ language: initialLanguage() }),
  reducers: {
    setLanguage(state, action: { payload: Language }) {
      state.language = action.payload;
      writeString(STORAGE_KEYS.language, state.language);
    },
  },
});

// Switch with i18n/load-language.ts first (components/preference-toggles.tsx): the page has one language's texts.
export const { setLanguage } = languageSlice.actions;
export const languageReducer = languageSlice.reducer;
export const selectLanguage = (s: { language: { language: Language } }) => s.language.language;
