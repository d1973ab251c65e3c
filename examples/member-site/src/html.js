/**
 * HTML built with one rule: every value put into a page is escaped, unless it is itself HTML
 * built by `html`. Titles, descriptions, bios and file names are written by sellers, e-mail
 * addresses by buyers: none of it is ever trusted as markup.
 */

/** Markup that is already safe: made by `html` from escaped values. */
export class SafeHtml {
  /** @param {string} markup */
  constructor(markup) {
    this.markup = markup;
  }

  toString() {
    return this.markup;
  }
}

/** @type {Record<string, string>} */
const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for an element's content and for a quoted attribute value.
 *
 * @param {unknown} value
 */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

/**
 * A value put into a page; an array holds more of them.
 *
 * @typedef {SafeHtml | string | number | boolean | null | undefined | readonly unknown[]} Interpolation
 */

/**
 * A tagged template: `html\`<h1>${title}</h1>\`` escapes `title`; a nested `html` value and
 * arrays of them are kept as markup; null, undefined and false write nothing.
 *
 * @param {TemplateStringsArray} strings
 * @param {...Interpolation} values
 * @returns {SafeHtml}
 */
export function html(strings, ...values) {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(markup);
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function render(value) {
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/**
 * An address for `href` or `src` that cannot run script: only http(s) addresses pass
 * (`javascript:`, `data:` and the like become `#`). Relative ones are resolved against `base`.
 * The result is still escaped by `html` where it is written.
 *
 * @param {string | null | undefined} url
 * @param {string} base
 */
export function safeUrl(url, base) {
  if (!url) return '#';
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:'
      ? resolved.toString()
      : '#';
  } catch {
    return '#';
  }
}
