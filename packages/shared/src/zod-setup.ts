import { z } from 'zod';

/**
 * In a browser, Zod does not compile parsers: compiling uses `new Function`, which the app's
 * Content-Security-Policy forbids (no 'unsafe-eval'), and even Zod's caught try is reported as
 * a violation. The choice is read as each schema is made, so this runs first (index.ts), before
 * the schemas below load. The API keeps the compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
