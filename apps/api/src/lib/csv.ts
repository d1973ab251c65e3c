/** UTF-8 byte order mark: spreadsheet programs then read Korean and Chinese correctly. */
export const byteOrderMark = '\uFEFF';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
 * leading apostrophe, so that a product title or an email cannot inject one.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** `yyyy-MM-dd HH:mm:ss` in the time zone. */
export function localDateTimeFormatter(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}
