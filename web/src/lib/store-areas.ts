/**
 * Store areas whose code loads with the screens that need it. The store (app/store.ts) starts with
 * the client-state slices only; RTK Query's one `api` (lib/api.ts) joins it when the first module
 * that calls the server loads, so the first load carries no RTK Query (the signed-out home needs
 * none). An area joins every store made by `makeStore()`, whenever it was made.
 */
import { createDynamicMiddleware, type Dispatch, type Middleware, type Reducer } from '@reduxjs/toolkit';

/** What an area brings: its reducer under `reducerPath`, and its middleware (RTK Query's `api` is one). */
export interface StoreArea {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

const dynamic = createDynamicMiddleware();
/** The stores made so far (weakly held: tests make many). */
const stores = new Set<WeakRef<Dispatch>>();
const loaded: StoreArea[] = [];
let injectReducer: ((area: StoreArea) => void) | null = null;

/** In every store's middleware from its creation: the loaded areas' middleware runs inside it. */
export const areasMiddleware: Middleware = (store) => {
  stores.add(new WeakRef(store.dispatch));
  return dynamic.middleware(store);
};

/** The store module says how an area's reducer joins its root reducer (combineSlices' `inject`). */
export function onAreaLoad(inject: (area: StoreArea) => void) {
  injectReducer = inject;
  loaded.forEach(inject);
}

/** Called by an area's module when it loads: its reducer and middleware join every store. */
export function loadArea(area: StoreArea) {
  loaded.push(area);
  injectReducer?.(area);
  dynamic.addMiddleware(area.middleware);
  // An existing store computes the new area's initial state now, before a screen selects from it.
  for (const ref of stores) {
    const dispatch = ref.deref();
    if (dispatch) dispatch({ type: 'storeAreas/loaded', payload: area.reducerPath });
    else stores.delete(ref);
  }
}
