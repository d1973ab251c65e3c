import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { claimLostAfter, recordingMail } from '../../test/job-claims.ts';
import { type MailJobCase, mailJobCases, mailJobNames } from '../../test/mail-jobs.ts';
import { signUpSeller } from '../../test/sellers.ts';
import { freePort, waitForHealth } from '../../test/server-process.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { ClaimLostError } from '../jobs/job-queue.ts';

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

describe('mail while the SMTP server is away', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer({ user: 'mailer', password: 'mail-secret' });
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is queued, retried, and delivered once when the server is back', async () => {
    const seller = await signUpSeller(t.app);
    smtp.refuse();
    expect((await forgot(t, seller.email)).statusCode).toBe(202);
    // The request did not wait for SMTP; once the queue has run, the attempt failed and a
    // retry is planned.
    await t.app.jobQueue.runDue();
    const [failed] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'password-reset'));
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed?.lastError).toMatch(/451|Try again later/);
    expect(smtp.received).toHaveLength(0);

    smtp.accept();
    // The retry's time comes (here, at once).
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.kind, 'password-reset'));
    t.app.jobQueue.nudge();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([seller.email]);
    // Whatever else was due has run: still one mail.
    await t.app.jobQueue.runDue();
    expect(smtp.received).toHaveLength(1);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'password-reset'));
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('mail without SMTP_URL', () => {
  it('is written as an .eml file in the outbox, its subject and links logged', async () => {
    let logs = '';
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const t = await createTestApp(
      { LOG_LEVEL: 'info', PUBLIC_URL: 'https://seller.example.com' },
      { logStream },
    );
    try {
      const seller = await signUpSeller(t.app);
      await forgot(t, seller.email);
      const outbox = path.join(t.config.dataDir, 'outbox');
      const files = await expect
        .poll(async () => (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml')))
        .toHaveLength(1)
        .then(async () => readdir(outbox));
      const eml = await readFile(
        path.join(outbox, files.find((f) => f.endsWith('.eml')) ?? ''),
        'utf8',
      );
      expect(eml).toContain(`To: ${seller.email}`);
      expect(eml).toContain('Subject: Reset your Seller Center password');
      expect(logs).toContain('Reset your Seller Center password');
      expect(logs).toContain('https://seller.example.com/reset-password?token=');
    } finally {
      await t.close();
    }
  });
});

describe('mail jobs whose run lost its job to another run', () => {
  let database: DatabaseHandle;
  let jobCases: MailJobCase[] = [];
  const linksReplaced = { count: 0 };
  beforeAll(async () => {
    database = await openTestDatabase();
    jobCases = mailJobCases(database, linksReplaced);
  });
  afterAll(async () => {
    await database.close();
  });

  it.each(mailJobNames)(
    'send with their claim held, and nothing once it is lost: %s',
    async (name) => {
      const job = jobCases.find((entry) => entry.name === name);
      if (!job) throw new Error(`no mail job ${name}`);
      const held = recordingMail();
      await job.run(held.mail, held.transport, claimLostAfter(Number.POSITIVE_INFINITY));
      expect(held.sent.length).toBeGreaterThan(0);

      const lost = recordingMail();
      const links = linksReplaced.count;
      await expect(job.run(lost.mail, lost.transport, claimLostAfter(0))).rejects.toBeInstanceOf(
        ClaimLostError,
      );
      expect(lost.sent).toEqual([]);
      // A password reset that lost its job does not end the link the other run mailed.
      expect(linksReplaced.count).toBe(links);
    },
  );

  it('send nothing more once the claim is lost between two mails of one job', async () => {
    const { sent, mail, transport } = recordingMail();
    const emailChange = jobCases.find((entry) => entry.name === 'email change link');
    await expect(emailChange?.run(mail, transport, claimLostAfter(1))).rejects.toBeInstanceOf(
      ClaimLostError,
    );
    expect(sent).toEqual([{ to: 'new@example.com', template: 'emailChangeConfirm' }]);
  });
});

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('a server killed between queueing a mail and sending it', () => {
  const processes: ChildProcess[] = [];
  let dataDir: string;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'seller-mail-kill-'));
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The real server in a process of its own, on an embedded database in its data folder. */
  async function startServer(env: Record<string, string>) {
    const port = await freePort();
    const { DATABASE_URL: _ignored, REDIS_URL: _alsoIgnored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: smtp.url,
        JWT_SECRET: 'kill-test-secret-kill-test-secret-0123456',
        ...env,
      },
      stdio: 'ignore',
    });
    processes.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child);
    return { child, base };
  }

  it('sends the queued mail exactly once after the restart', async () => {
    // A copy that only queues (its worker off), killed right after the request is answered.
    const first = await startServer({ JOB_WORKER: 'off' });
    const signup = await fetch(`${first.base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'killed@example.com',
        nickname: 'killedseller',
        password: 'Sturdy-Walnut-Desk-7',
      }),
    });
    expect(signup.status).toBe(201);
    const asked = await fetch(`${first.base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'killed@example.com' }),
    });
    expect(asked.status).toBe(202);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(smtp.received).toHaveLength(0);

    const second = await startServer({});
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail?.to).toEqual(['killed@example.com']);
    // Stopped in order, the server finishes the jobs in hand; its database then shows the one
    // job done after one attempt, so nothing is left to send it again.
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
    expect(smtp.received).toHaveLength(1);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'password-reset'));
      expect(rows.map((row) => [row.state, row.attempts])).toEqual([['done', 1]]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
