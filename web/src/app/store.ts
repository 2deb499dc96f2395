import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import { authReducer } from '@/features/auth/store/auth-slice';
import { languageReducer } from '@/stores/language-slice';
import { themeReducer } from '@/stores/theme-slice';

/**
 * The store areas: client state as plain slices (initial state read from local storage on
 * creation); server state (courses, terms … spec 4's areas) in the one RTK Query cache, `api`.
 */
export function makeStore() {
  return configureStore({
    reducer: {
      auth: authReducer,
      language: languageReducer,
      theme: themeReducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
