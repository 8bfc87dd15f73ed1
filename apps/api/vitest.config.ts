import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // `*.server.test.ts` need the servers CI runs beside the tests (PostgreSQL, Redis); they run
    // with TEST_DATABASE_URL, as CI's PostgreSQL pass does. `npm test` alone needs Node only.
    // On PostgreSQL the security suite's own files are left to `npm run test:security`, which
    // CI runs on that server next: each of them runs once per database.
    exclude: process.env.TEST_DATABASE_URL
      ? [...configDefaults.exclude, 'src/security/**']
      : [...configDefaults.exclude, 'src/**/*.server.test.ts'],
    // Migrates and seeds once the database every test app copies (test/template-database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Tests wait on events (an answer, a row, a child's output), never on time; these limits only
    // end a test that hangs. A 10,000-row count took over 30 s at load 20 on 2 cores: a limit a
    // right test can reach on a busy machine is a test that depends on the machine's speed.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // One worker per core: vitest's default (cores − 1) ran one file at a time on CI's 2 cores,
    // while its own process mostly waits.
    maxWorkers: '100%',
  },
});
