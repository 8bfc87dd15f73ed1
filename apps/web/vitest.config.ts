import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // One worker per core: vitest's default (cores − 1) ran one file at a time on CI's 2 cores.
    maxWorkers: '100%',
    // A form test renders, types and waits for its answers: several seconds on a busy 2-core
    // machine, so the default 5 s failed tests that were right (speed is measured in bench/).
    testTimeout: 20_000,
  },
});
