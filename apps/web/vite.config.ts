import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontDisplayOptional } from './build/font-display-optional.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

/** The modules of the first screen beyond the entry: the login page. */
const FIRST_SCREEN = /src[\\/]features[\\/]auth[\\/]pages[\\/]auth-page\.tsx$/;

/** Mantine's components and hooks (its dates, form and modals stay with the screens that use them). */
const MANTINE = /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/;

/**
 * The app's shared modules: components (the forms' helpers aside, which bring Zod), the API
 * client, the hooks of `lib`, the language helpers, and the frame every lazy screen is wrapped in.
 */
const SHARED_KIT =
  /src[\\/](components[\\/](?!form[\\/])|lib[\\/]|api[\\/])|src[\\/]i18n[\\/][^\\/]+\.ts$|src[\\/]app[\\/](server-state|all-styles)/;

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
            // Everything else a screen needs in a few files, not dozens: every screen past the
            // first loads Mantine, TanStack Query, the icons and the app's shared kit, each
            // grouped once; a screen's own code stays in its own files (decision 0010).
            { name: 'mantine', test: MANTINE, priority: 0 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 0 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 0 },
            { name: 'kit', test: SHARED_KIT, priority: 0 },
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
