import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpPeer } from '../../apps/api/src/test/smtp-peer.ts';
import type { DeliveredMail } from './mailbox';

/**
 * The mail server of the browser tests' run: a real SMTP server on loopback (the API tests'
 * peer) that the spawned server sends to, and a loopback HTTP endpoint that answers every
 * message received so far as JSON (`GET /messages`), for the tests to read (support/mailbox.ts).
 * Started by the global setup, which runs apart from the test files.
 */
export async function startMailPeer() {
  const smtp = await startSmtpPeer();
  const http = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const messages: DeliveredMail[] = smtp.received.map(({ from, to, subject, text, html }) => ({
      from,
      to,
      subject,
      text,
      html,
    }));
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    /** SMTP_URL for the server. */
    smtpUrl: smtp.url,
    /** Where the tests read the received messages (`${mailboxUrl}/messages`). */
    mailboxUrl: `http://127.0.0.1:${port}`,
    async close(): Promise<void> {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}

export type MailPeer = Awaited<ReturnType<typeof startMailPeer>>;
