import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import { authReducer } from '@/features/auth/store/auth-slice';
import { coursesReducer } from '@/features/catalogue/store/courses-slice';
import { termsReducer } from '@/features/catalogue/store/terms-slice';
import { languageReducer } from '@/stores/language-slice';
import { themeReducer } from '@/stores/theme-slice';

/**
 * The store areas. A feature adds its slice here (e.g. `courses: coursesReducer` from
 * features/catalogue/store/courses-slice.ts); initial state is read from local storage on creation.
 */
export function makeStore() {
  return configureStore({
    reducer: {
      auth: authReducer,
      language: languageReducer,
      theme: themeReducer,
      courses: coursesReducer,
      terms: termsReducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
