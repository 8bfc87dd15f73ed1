/**
 * The build's server-side entry (`build/prerender.ts`, decision 0010): renders each screen of
 * `PRERENDERED` to HTML in one language, as the app first shows it to a visitor with no session.
 * Runs in Node at build time only; nothing here reaches the browser's bundle.
 */
import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { Language } from '@tasreeh/shared';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { PRERENDERED } from './app/prerendered.ts';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { directionOf } from './i18n/languages.ts';
import { BUNDLED_NAMESPACES, loadFeatureLocale, resources } from './i18n/resources.ts';

export const PRERENDERED_PATHS = Object.keys(PRERENDERED);

/** A visitor's browser storage: empty (no session, no remembered login). */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** The screen at `path` as HTML in `language`. */
export async function renderScreen(path: string, language: Language): Promise<string> {
  const prerendered = PRERENDERED[path];
  if (!prerendered) throw new Error(`${path} is not a prerendered screen`);
  globalThis.localStorage ??= emptyStorage();
  await prerendered.screen.preload();
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { [language]: resources[language] },
    lng: language,
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  for (const namespace of prerendered.namespaces) {
    i18n.addResourceBundle(language, namespace, (await loadFeatureLocale(language, namespace)) ?? {});
  }
  const Screen = prerendered.screen;
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(language)}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <StaticRouter location={path}>
            <Screen />
          </StaticRouter>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
}
