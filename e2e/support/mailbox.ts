import { expect } from '@playwright/test';

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

export interface MailQuery {
  to: string;
  subject: RegExp;
  /** How many such messages there were before: only a further one is awaited. */
  after?: number;
}

/** The run's mailbox (support/mail-peer.ts), read over HTTP from the workers. */
export function mailboxAt(mailboxUrl: string) {
  async function received(): Promise<DeliveredMail[]> {
    const response = await fetch(`${mailboxUrl}/messages`);
    if (!response.ok) throw new Error(`the mailbox answered ${response.status}`);
    return (await response.json()) as DeliveredMail[];
  }
  const matching = async ({ to, subject }: MailQuery) =>
    (await received()).filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
  return {
    received,
    /**
     * The messages to `to` whose subject matches, once there are more than `after` of them.
     * Mail leaves the server through its job queue, a moment after the request that caused it.
     */
    async waitFor(query: MailQuery, timeout = 20_000): Promise<DeliveredMail[]> {
      let found: DeliveredMail[] = [];
      await expect
        .poll(
          async () => {
            found = await matching(query);
            return found.length;
          },
          { message: `mail to ${query.to} with a subject like ${query.subject}`, timeout },
        )
        .toBeGreaterThan(query.after ?? 0);
      return found;
    },
  };
}

export type Mailbox = ReturnType<typeof mailboxAt>;

/** The first link in a message's text that goes to `pathname` (a reset link: `/reset-password`). */
export function linkIn(mail: DeliveredMail, pathname: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no link to ${pathname} in "${mail.subject}":\n${mail.text}`);
}
