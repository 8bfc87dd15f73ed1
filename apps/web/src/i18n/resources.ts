import { type Language, MESSAGES, type MessageCode } from '@tasreeh/shared';
import arAuth from './locales/ar/auth.json';
import arCommon from './locales/ar/common.json';
import arLayout from './locales/ar/layout.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enLayout from './locales/en/layout.json';

/** The spec's messages (packages/shared) as an i18next namespace, so their texts have one source. */
function messagesIn(language: Language): Record<MessageCode, string> {
  const entries = Object.entries(MESSAGES).map(([code, text]) => [code, text[language]]);
  // Safe: the entries are MESSAGES' own, so every code is present, each with its text.
  return Object.fromEntries(entries) as Record<MessageCode, string>;
}

/**
 * Namespaces in the first bundle: what the login screen, the frames and every error message
 * need. The others (one per area feature) are fetched with the first screen that uses them.
 */
export const BUNDLED_NAMESPACES = ['common', 'auth', 'layout', 'messages'] as const;

export const resources = {
  en: { common: enCommon, auth: enAuth, layout: enLayout, messages: messagesIn('en') },
  ar: { common: arCommon, auth: arAuth, layout: arLayout, messages: messagesIn('ar') },
} as const;

type LocaleModule = { default: Record<string, unknown> };

/** The feature namespaces' files, each its own chunk, by path (`./locales/ar/students.json`). */
const featureLocales = import.meta.glob<LocaleModule>([
  './locales/*/*.json',
  '!./locales/*/common.json',
  '!./locales/*/auth.json',
  '!./locales/*/layout.json',
]);

/** A feature namespace's texts in one language; undefined for a namespace that has no file. */
export async function loadFeatureLocale(
  language: string,
  namespace: string,
): Promise<Record<string, unknown> | undefined> {
  const load = featureLocales[`./locales/${language}/${namespace}.json`];
  return load ? (await load()).default : undefined;
}

/** Every namespace with a file, for tests that render any screen at once. */
export const FEATURE_NAMESPACES = [
  ...new Set(Object.keys(featureLocales).map((file) => file.replace(/^.*\/|\.json$/g, ''))),
];
