import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setTokenSource } from '../api/client.ts';
import { readToken } from '../features/auth/session.ts';
import { initI18n } from '../i18n/index.ts';
import { FEATURE_NAMESPACES } from '../i18n/resources.ts';

// The API client sends the stored session's token, as the app's start tells it to.
setTokenSource(readToken);

// Every namespace up front, in both languages, so that any screen renders at once in a test.
const i18n = initI18n();
await i18n.loadNamespaces(FEATURE_NAMESPACES);
await i18n.loadLanguages(['en', 'ar']);

// findBy…/waitFor wait for what they look for, as long as it takes: screens and the area frames
// load on demand (the first import of one in a run is transformed on the spot) and a busy machine
// renders a form for seconds, so a short limit failed right tests (4 s did at load 20). The limit
// only ends a wait for what never comes, with the page in the message, before the test's own limit.
configure({ asyncUtilTimeout: 90_000 });

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
