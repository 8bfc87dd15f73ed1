import { z } from 'zod';

/**
 * Zod as every schema of the product is made with it (import `z` from here, or from
 * `@tasreeh/shared` in the apps, never from 'zod' itself). In a browser, Zod does not compile
 * parsers: compiling uses `new Function`, which the app's Content-Security-Policy forbids (no
 * 'unsafe-eval'), and even Zod's caught try is reported as a violation. The choice is read as
 * each schema is made; importing `z` from this module is what guarantees it was made before,
 * however a bundle splits and orders the modules. The API keeps the compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
