/// <reference types="vite/client" />

/** hls.js's light build ships no types of its own; its API is the full build's. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
