import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import { authReducer } from '@/features/auth/store/auth-slice';
import type { api } from '@/lib/api';
import { areasMiddleware, onAreaLoad } from '@/lib/store-areas';
import { languageReducer } from '@/stores/language-slice';
import { themeReducer } from '@/stores/theme-slice';

/** Server state: the one RTK Query cache, joined when lib/api.ts loads (lib/store-areas.ts). */
interface LazyAreas {
  api: ReturnType<typeof api.reducer>;
}

/**
 * The store areas: client state as plain slices (initial state read from local storage on
 * creation); server state (courses, terms … spec 4's areas) in the one RTK Query cache, `api`,
 * which joins with the first screen that calls the server, so the first load carries no RTK Query.
 */
const rootReducer = combineSlices({ auth: authReducer, language: languageReducer, theme: themeReducer }).withLazyLoadedSlices<LazyAreas>();
onAreaLoad((area) => rootReducer.inject(area as Parameters<typeof rootReducer.inject>[0]));

/** The state as code that reads `api` sees it: that code imported lib/api.ts, so the area is there. */
export type RootState = ReturnType<typeof rootReducer> & LazyAreas;

export function makeStore() {
  return configureStore({
    reducer: rootReducer as Reducer<RootState>,
    middleware: (getDefault) => getDefault().concat(areasMiddleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
