import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontDisplayOptional } from './build/font-display-optional.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), fontDisplayOptional(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});
