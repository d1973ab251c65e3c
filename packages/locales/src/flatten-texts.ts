/** A translation file as i18next reads it: texts, nested by key. */
export type TextTree = { [key: string]: string | TextTree };

/** Every text of a translation file by its dotted key (`auth.login.submit`), for the parity tests. */
export function flattenTexts(tree: TextTree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flattenTexts(value, path)) entries.set(inner, text);
  }
  return entries;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** A text by its key without i18next's plural suffix, with the plural forms it has. */
export interface TextFamily {
  /** The plural forms (`one`, `other`…); none for a text that does not vary with a number. */
  forms: string[];
  texts: string[];
}

/**
 * A translation file's texts by key without i18next's plural suffix (`count_one`,
 * `count_other`: `count`), each with its plural forms, for the parity tests.
 */
export function textFamilies(tree: TextTree): Map<string, TextFamily> {
  const families = new Map<string, TextFamily>();
  for (const [key, text] of flattenTexts(tree)) {
    const form = pluralSuffix.exec(key)?.[1];
    const base = form ? key.slice(0, -form.length - 1) : key;
    const family = families.get(base) ?? { forms: [], texts: [] };
    if (form) family.forms.push(form);
    family.texts.push(text);
    families.set(base, family);
  }
  return families;
}

/** The `{{variables}}` the texts use, sorted, each once. */
export function textVariables(texts: string[]): string[] {
  const names = texts.flatMap((text) =>
    [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? ''),
  );
  return [...new Set(names)].sort();
}

/**
 * The families whose plural forms are not those of the language's rules (`Intl.PluralRules`;
 * `zero` is allowed beside them), or that hold a plain text beside their forms: `key: forms`.
 */
export function pluralFormsAmiss(language: string, families: Map<string, TextFamily>): string[] {
  const needed: string[] = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return [...families]
    .filter(([, family]) => family.forms.length > 0)
    .filter(
      ([, family]) =>
        family.forms.length !== family.texts.length ||
        needed.some((form) => !family.forms.includes(form)) ||
        family.forms.some((form) => form !== 'zero' && !needed.includes(form)),
    )
    .map(([key, family]) => `${key}: ${family.forms.join()}`);
}
