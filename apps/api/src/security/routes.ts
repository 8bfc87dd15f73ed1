import type { DeclaredRoute } from '../plugins/access.ts';
import type { TestApp } from '../test/test-app.ts';

/** Every API route of the app, from the access plugin's table; the docs' own routes and HEAD aside. */
export function apiRoutes(t: TestApp): DeclaredRoute[] {
  return t.app.declaredRoutes.filter(
    (route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
  );
}

/** `/api/students/:id` as OpenAPI writes it: `/api/students/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export interface CallResult {
  route: string;
  caller: string;
  status: number;
  /** What was sent and what came back, shortened: printed for a failure. */
  detail: string;
}

export interface CallSummary {
  calls: number;
  byStatus: Record<number, number>;
  serverErrors: CallResult[];
}

export function summarise(results: readonly CallResult[]): CallSummary {
  const byStatus: Record<number, number> = {};
  for (const result of results) byStatus[result.status] = (byStatus[result.status] ?? 0) + 1;
  return { calls: results.length, byStatus, serverErrors: results.filter((result) => result.status >= 500) };
}

/** The first few failures, one a line, for the printed report. */
export function describeFailures(failures: readonly CallResult[], limit = 20): string {
  return failures
    .slice(0, limit)
    .map((failure) => `  ${failure.status} ${failure.route} as ${failure.caller}: ${failure.detail}`)
    .join('\n');
}
