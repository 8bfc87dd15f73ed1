import { LoginPage } from '../features/auth/routes.tsx';
import { CataloguePage } from '../features/products/routes.tsx';
import type { LazyScreen } from './lazy-page.ts';

export interface PrerenderedScreen {
  screen: LazyScreen<object>;
  /** The feature namespaces it reads, beyond those bundled in the first load. */
  namespaces: string[];
}

/**
 * The screens the build also writes as HTML, in English and in Arabic (`build/prerender.ts`,
 * decision 0010), by path: the browser paints them before any script has run, and the app,
 * once its code is there, renders the same screen over them.
 */
export const PRERENDERED: Record<string, PrerenderedScreen> = {
  '/login': { screen: LoginPage, namespaces: [] },
  '/products': { screen: CataloguePage, namespaces: ['products'] },
};
