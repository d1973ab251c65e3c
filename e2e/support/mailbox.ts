/** A message the run's SMTP peer received (support/mail-peer.ts), as the tests read it. */
export interface DeliveredMail {
  /** The envelope's sender. */
  from: string;
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

async function receivedMail(mailboxUrl: string): Promise<DeliveredMail[]> {
  const response = await fetch(`${mailboxUrl}/messages`);
  if (!response.ok) throw new Error(`the mailbox answered ${response.status}`);
  return (await response.json()) as DeliveredMail[];
}

/**
 * The messages to `to` whose subject matches `subject`, once there are more than `after` of
 * them. Mail leaves the server through its job queue, a moment after the request that caused
 * it: this asks the mailbox again until the message is there, for `timeoutMs` at most.
 */
export async function waitForMail(
  mailboxUrl: string,
  { to, subject, after = 0 }: { to: string; subject: RegExp; after?: number },
  timeoutMs = 20_000,
): Promise<DeliveredMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await receivedMail(mailboxUrl)).filter(
      (mail) => mail.to.includes(to) && subject.test(mail.subject),
    );
    if (matching.length > after) return matching;
    if (Date.now() > deadline) {
      throw new Error(`no new mail to ${to} with a subject like ${subject} in ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in a message's text that goes to `pathname` (a reset link: `/reset-password`). */
export function linkIn(mail: DeliveredMail, pathname: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no link to ${pathname} in "${mail.subject}":\n${mail.text}`);
}
