import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, type TemplateDatabase } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

/**
 * vitest's global set-up: migrates and seeds the template database once for the whole run
 * (on PostgreSQL when TEST_DATABASE_URL is set), and removes it when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, drop } = await createTemplateDatabase(process.env.TEST_DATABASE_URL);
  project.provide('templateDatabase', template);
  return drop;
}
