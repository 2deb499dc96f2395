import { createSlice } from '@reduxjs/toolkit';
import { STORAGE_KEYS, writeString } from '@/lib/storage';

export type ThemeMode = 'dark' | 'light';

/** Spec 3: dark by default; light when storage cannot be read at all. */
export function initialTheme(): ThemeMode {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
  } catch {
    return 'light';
  }
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: () => ({ mode: initialTheme() }),
  reducers: {
    toggleTheme(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
      writeString(STORAGE_KEYS.theme, state.mode);
    },
    setTheme(state, action: { payload: ThemeMode }) {
      state.mode = action.payload;
      writeString(STORAGE_KEYS.theme, state.mode);
    },
  },
});

export const { toggleTheme, setTheme } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;
export const selectTheme = (s: { theme: { mode: ThemeMode } }) => s.theme.mode;
