import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database';
import { type SmtpSink, closedSmtpUrl, decodeQuotedPrintable, startSmtpSink } from '../test-support/smtp-sink';
import { testConfig } from '../config';
import { deliverQueued, queueMail } from './outbox';

// The transactional outbox against a real SMTP server on loopback (smtp-server), and without one.

let database: TestDatabase;
let sink: SmtpSink;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await database.dispose();
});

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: `Open https://cases.example.org/accept-invitation?token=${'x'.repeat(40)} to join.`, kind: 'invitation' });

async function row(id: string) {
  return database.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('without SMTP_URL', () => {
  it("keeps the message 'stored' in the outbox and sends nothing", async () => {
    const config = testConfig();
    const id = await queueMail(database.db, config, mail('stored@clinic.example'));
    await deliverQueued(database.db, config, [id]);
    expect(await row(id)).toMatchObject({ status: 'stored', to_address: 'stored@clinic.example', sent_at: null, error: null });
    expect(sink.received.filter((m) => m.to.includes('stored@clinic.example'))).toEqual([]);
  });
});

describe('with SMTP_URL', () => {
  it("delivers the message to the SMTP server and marks the row 'sent'", async () => {
    const config = testConfig({ SMTP_URL: sink.url, MAIL_FROM: 'CaseBridge <no-reply@cases.example.org>' });
    const id = await queueMail(database.db, config, mail('sent@clinic.example'));
    expect((await row(id)).status).toBe('queued');
    await deliverQueued(database.db, config, [id]);

    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'sent', error: null });
    expect(stored.sent_at).not.toBeNull();
    const received = sink.received.find((m) => m.to.includes('sent@clinic.example'));
    expect(received?.from).toBe('no-reply@cases.example.org');
    const raw = decodeQuotedPrintable(received!.raw);
    expect(raw).toContain('Subject: Hello sent@clinic.example');
    expect(raw).toContain('To: sent@clinic.example');
    expect(raw).toContain(`https://cases.example.org/accept-invitation?token=${'x'.repeat(40)}`);
  });

  it('sends only the queued rows it is given, once', async () => {
    const config = testConfig({ SMTP_URL: sink.url });
    const first = await queueMail(database.db, config, mail('once@clinic.example'));
    const other = await queueMail(database.db, config, mail('later@clinic.example'));
    await deliverQueued(database.db, config, [first]);
    await deliverQueued(database.db, config, [first]); // already sent: not again
    expect(sink.received.filter((m) => m.to.includes('once@clinic.example'))).toHaveLength(1);
    expect((await row(other)).status).toBe('queued');
  });

  it("records a refused connection as 'failed' with the error, without throwing", async () => {
    const config = testConfig({ SMTP_URL: await closedSmtpUrl() });
    const id = await queueMail(database.db, config, mail('failed@clinic.example'));
    await expect(deliverQueued(database.db, config, [id])).resolves.toBeUndefined();
    const stored = await row(id);
    expect(stored.status).toBe('failed');
    expect(stored.error).toMatch(/ECONNREFUSED|connect/i);
    expect(stored.sent_at).toBeNull();
  });
});
