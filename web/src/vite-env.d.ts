/// <reference types="vite/client" />

/** hls.js's light build ships no types of its own; its API is the full build's. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

/** The route table's public routes by id, written at build time (web/build/public-routes.ts). */
declare module 'virtual:public-routes' {
  const ids: readonly import('@shared/routes').RouteId[];
  export default ids;
}
