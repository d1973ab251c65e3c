/**
 * Korean marketing mail goes out only between 08:00 and 21:00 in Seoul (docs/product-rules.md,
 * "Mail to buyers"). Seoul keeps UTC+9 all year, without summer time.
 */
const seoulOffsetMs = 9 * 60 * 60 * 1000;
export const sendWindow = { fromHour: 8, untilHour: 21 } as const;

/** `at` when it is inside the window; otherwise the next 08:00 in Seoul. */
export function nextSeoulSendTime(at: Date): Date {
  const local = new Date(at.getTime() + seoulOffsetMs);
  const hour = local.getUTCHours();
  if (hour >= sendWindow.fromHour && hour < sendWindow.untilHour) return at;
  const opening = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + (hour >= sendWindow.untilHour ? 1 : 0),
    sendWindow.fromHour,
  );
  return new Date(opening - seoulOffsetMs);
}

/** Whether a mail in this language of this kind must wait for the window. */
export function waitsForSeoulWindow(kind: string, language: string): boolean {
  return kind === 'marketing' && language === 'ko';
}
