import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security`: the security suite of src/security/ (route × user-type matrix,
 * cross-owner probes, forged and revoked tokens, races, and the fuzz run that `npm test` has too).
 * Each file prints its figures and fails on any non-zero count. Races prove something only on
 * PostgreSQL: run with TEST_DATABASE_URL, as CI does.
 */
export default defineConfig({
  test: {
    include: ['src/security/**/*.test.ts', 'src/security/**/*.security.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['src/test/global-setup.ts'],
    // One file at a time: the races need the machine to themselves to be real races.
    fileParallelism: false,
  },
});
