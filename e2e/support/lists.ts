import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Language } from './language.ts';

const LOCALES = new URL('../../apps/web/src/i18n/locales/', import.meta.url);

/** A web text by `namespace:dotted.key`, from the same locale files the app uses. */
function webText(language: Language, key: string): string {
  const [namespace, path = ''] = key.split(':');
  const texts = JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8'));
  const value = path.split('.').reduce((node, part) => node?.[part], texts);
  if (typeof value !== 'string') throw new Error(`no ${language} text for ${key}`);
  return value;
}

/**
 * A list page's table, by its caption. Found by name, because right after a click on a
 * dashboard link the dashboard's own tables can still be on screen while the list page loads.
 */
export function listTable(page: Page, language: Language, caption: string): Locator {
  return page.getByRole('table', { name: webText(language, caption), exact: true });
}
