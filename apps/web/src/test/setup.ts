import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { FEATURE_NAMESPACES } from '../i18n/resources.ts';

// Every namespace up front, in both languages, so that any screen renders at once in a test.
const i18n = initI18n();
await i18n.loadNamespaces(FEATURE_NAMESPACES);
await i18n.loadLanguages(['en', 'ar']);

// Screens and the area frames load on demand; the first import of one in a test run is
// transformed on the spot, which on a busy machine takes longer than the default 1 s.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** jsdom lacks what Mantine measures with. */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

// jsdom has no font loading; an autosize textarea (a reason box) listens to it.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});
