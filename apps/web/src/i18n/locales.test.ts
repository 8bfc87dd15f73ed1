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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix: `count_one` and `count_few` are both forms of `count`. */
const pluralBase = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** The plural forms a language's texts need, by CLDR (English: one, other; Arabic: all six). */
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

/** Per key (plural forms folded into one), its interpolation variables; per plural key, its forms. */
function folded(tree: Tree) {
  const variables = new Map<string, string[]>();
  const forms = new Map<string, string[]>();
  for (const [key, keyVariables] of leaves(tree)) {
    const base = pluralBase(key);
    variables.set(base, [...new Set([...(variables.get(base) ?? []), ...keyVariables])].sort());
    if (base !== key) forms.set(base, [...(forms.get(base) ?? []), key.slice(base.length + 1)]);
  }
  return { variables, forms };
}

const namespaces = Object.keys(uiLocales.en);

describe('locale files', () => {
  it('have the same namespaces in English and Arabic', () => {
    expect(Object.keys(uiLocales.ar).sort()).toEqual([...namespaces].sort());
  });

  for (const namespace of namespaces) {
    it(`${namespace}: same keys and interpolation variables in en and ar`, () => {
      const en = folded(uiLocales.en[namespace] ?? {}).variables;
      const ar = folded(uiLocales.ar[namespace] ?? {}).variables;
      const missingInAr = [...en.keys()].filter((key) => !ar.has(key));
      const extraInAr = [...ar.keys()].filter((key) => !en.has(key));
      expect({ missingInAr, extraInAr }).toEqual({ missingInAr: [], extraInAr: [] });
      for (const [key, variables] of en) expect({ key, variables: ar.get(key) }).toEqual({ key, variables });
    });

    it(`${namespace}: every plural text has each form its language needs`, () => {
      for (const language of ['en', 'ar'] as const) {
        for (const [key, forms] of folded(uiLocales[language][namespace] ?? {}).forms) {
          const missing = pluralForms(language).filter((form) => !forms.includes(form));
          expect({ language, key, missing }).toEqual({ language, key, missing: [] });
        }
      }
    });

    it(`${namespace}: no empty text, and no Latin letters left in Arabic`, () => {
      for (const [key] of leaves(uiLocales.en[namespace] ?? {})) expect(key).not.toBe('');
      const arTexts = JSON.stringify(uiLocales.ar[namespace])
        .replace(/"[\w.]+":/g, '')
        .replace(/\{\{\s*\w+\s*\}\}/g, '')
        .replace(/<\/?\w+>/g, '');
      expect(arTexts).not.toMatch(/[A-Za-z]/);
    });

    it(`${namespace}: Latin digits only, the one digit system of both languages (decision 0012)`, () => {
      const texts = JSON.stringify([uiLocales.en[namespace], uiLocales.ar[namespace]]);
      expect(texts).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/u);
    });
  }
});
