export type Environment = 'local' | 'production' | 'staging';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const PRODUCTION_HOSTS = new Set(
  (import.meta.env.VITE_PRODUCTION_HOSTS ?? 'tasreeh.sa,www.tasreeh.sa')
    .split(',')
    .map((host: string) => host.trim())
    .filter(Boolean),
);

/** Which environment the app runs in, from the address it is served from (spec §9). */
export function environmentOf(hostname: string): Environment {
  if (LOCAL_HOSTS.has(hostname)) return 'local';
  if (PRODUCTION_HOSTS.has(hostname)) return 'production';
  return 'staging';
}

/**
 * The environment of this page, from the address it was served from; production when there is
 * no page (the build renders the first screens as HTML: no "Test Version" label in them).
 */
export function currentEnvironment(): Environment {
  if (typeof window === 'undefined') return 'production';
  return environmentOf(window.location.hostname);
}

/** Whether an environment is a test one (local or staging), where the "Test Version" label shows. */
export function isTestEnvironment(environment: Environment): boolean {
  return environment !== 'production';
}

const API_BASES: Record<Environment, string> = {
  local: import.meta.env.VITE_API_BASE_LOCAL ?? '/api',
  production: import.meta.env.VITE_API_BASE_PRODUCTION ?? '/api',
  staging: import.meta.env.VITE_API_BASE_STAGING ?? '/api',
};

/** The API base of an environment; `VITE_API_BASE` at build time overrides all three. */
export function apiBaseOf(environment: Environment): string {
  return import.meta.env.VITE_API_BASE ?? API_BASES[environment];
}
