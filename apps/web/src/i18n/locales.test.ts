import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

/** Every UI locale file, by language and namespace. */
const uiLocales = { en: {} as Record<string, Tree>, ar: {} as Record<string, Tree> };
for (const [file, texts] of Object.entries(
  import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' }),
)) {
  const [, language, namespace] = /\/locales\/(en|ar)\/(\w+)\.json$/.exec(file) ?? [];
  if (language === 'en' || language === 'ar') uiLocales[language][namespace ?? ''] = texts;
}

/** Every leaf key of a locale file, dot-joined, with the interpolation variables of its text. */
function leaves(tree: Tree, prefix = ''): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      const variables = [...value.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
      found.set(path, variables);
    } else {
      for (const [childPath, variables] of leaves(value, path)) found.set(childPath, variables);
    }
  }
  return found;
}

const namespaces = Object.keys(uiLocales.en);

describe('locale files', () => {
  it('have the same namespaces in English and Arabic', () => {
    expect(Object.keys(uiLocales.ar).sort()).toEqual([...namespaces].sort());
  });

  for (const namespace of namespaces) {
    it(`${namespace}: same keys and interpolation variables in en and ar`, () => {
      const en = leaves(uiLocales.en[namespace] ?? {});
      const ar = leaves(uiLocales.ar[namespace] ?? {});
      const missingInAr = [...en.keys()].filter((key) => !ar.has(key));
      const extraInAr = [...ar.keys()].filter((key) => !en.has(key));
      expect({ missingInAr, extraInAr }).toEqual({ missingInAr: [], extraInAr: [] });
      for (const [key, variables] of en) expect({ key, variables: ar.get(key) }).toEqual({ key, variables });
    });

    it(`${namespace}: no empty text, and no Latin letters left in Arabic`, () => {
      for (const [key] of leaves(uiLocales.en[namespace] ?? {})) expect(key).not.toBe('');
      const arTexts = JSON.stringify(uiLocales.ar[namespace])
        .replace(/"[\w.]+":/g, '')
        .replace(/\{\{\s*\w+\s*\}\}/g, '')
        .replace(/<\/?\w+>/g, '');
      expect(arTexts).not.toMatch(/[A-Za-z]/);
    });
  }
});
