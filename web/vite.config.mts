import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    alias: {
      '@': here('./src'),
      '@shared': here('../shared'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: true,
  },
  // The local gateway serves the API on the same origin; in `vite dev` forward /api to it.
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
