import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm run test:security`: the security suite of src/security/ (route × user-type matrix,
 * cross-owner probes, forged and revoked tokens, races, and the fuzz run that `npm test` has too).
 * Each file prints its figures and fails on any non-zero count. Races prove something only on
 * PostgreSQL: run with TEST_DATABASE_URL, as CI does; `*.server.security.ts` (database outages
 * of a real process and of a PostgreSQL server it starts) run only then.
 */
export default defineConfig({
  test: {
    include: ['src/security/**/*.test.ts', 'src/security/**/*.security.ts'],
    exclude: process.env.TEST_DATABASE_URL
      ? configDefaults.exclude
      : [...configDefaults.exclude, 'src/security/**/*.server.security.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['src/test/global-setup.ts'],
    // One file at a time: the races need the machine to themselves to be real races.
    fileParallelism: false,
  },
});
