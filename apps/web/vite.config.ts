import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontDisplayOptional } from './build/font-display-optional.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

/** The modules of the first screen beyond the entry: the login page. */
const FIRST_SCREEN = /src[\\/]features[\\/]auth[\\/]pages[\\/]auth-page\.tsx$/;

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), fontDisplayOptional(), prerender(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The login screen, with whatever of its the entry does not already hold, in one
            // file: /login loads the entry and this (decision 0010).
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'first-screen', test: FIRST_SCREEN, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});
