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
    // Tests wait on events (an element, a call, a state), never on time; this limit only ends a
    // test that hangs. A form test renders, types and waits for its answers: over 30 s at load 20
    // on 2 cores, so any limit a right test can reach fails it on a busy machine (speed is
    // measured in bench/). Per-test limits are not set: this one holds for every test.
    testTimeout: 180_000,
  },
});
