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
