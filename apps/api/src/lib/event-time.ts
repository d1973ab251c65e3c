/**
 * When something the member site reports happened (a purchase, a refund, a payout): the time it
 * sends, or now. Clocks differ, so a time a little ahead of ours is taken as sent, not more
 * (docs/product-rules.md); none is before the year 2000.
 */

/** How far ahead of the server's clock a reported time may be. */
export const maxClockSkewMs = 5 * 60 * 1000;
/** The earliest time a reported event may carry. */
export const earliestEventTime = new Date('2000-01-01T00:00:00Z');

export type EventTime = { at: Date } | { refused: 'inFuture' | 'tooEarly' };

/** The event's time: `sent` (ISO 8601) when given, else `now`; refused when it cannot be. */
export function eventTime(sent: string | undefined, now: Date): EventTime {
  const at = sent === undefined ? now : new Date(sent);
  if (at.getTime() > now.getTime() + maxClockSkewMs) return { refused: 'inFuture' };
  if (at.getTime() < earliestEventTime.getTime()) return { refused: 'tooEarly' };
  return { at };
}
