import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PASSWORD, type TestApp, startTestApp } from '../../test-support/test-app';
import { type Person, organisation, person } from '../../test-support/case-file';
import { redactedUrl } from '../../http/log-redaction';

// The private calendar feed (issue 21): POST /api/calendar/feed makes the address, a calendar app
// fetches it without a session, DELETE revokes it, and a second POST replaces it. The .ics is read
// back with an iCalendar parser (ical.js), as a phone's calendar would.

const PUBLIC_URL = 'https://cases.example.org';
let t: TestApp;
let org: string;
let doctor: Person;
let nurse: Person;
let patient: Person;
let otherOrgDoctor: Person;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const FEED_URL = /^https:\/\/cases\.example\.org\/api\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics$/;
const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });

async function book(who: Person, body: Record<string, unknown>) {
  const res = await api('POST', '/api/appointments', who.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; version: number };
}

/** The VEVENTs of an .ics text, as ical.js reads them. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        summary: e.summary,
        location: e.location,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        startIsUtc: e.startDate.zone === ICAL.Timezone.utcTimezone,
        status: v.getFirstPropertyValue('status'),
        sequence: e.sequence,
        lastModified: v.getFirstPropertyValue('last-modified') !== null,
      };
    }),
  };
}

// Far enough ahead to stay inside the feed's window (30 days back, 180 ahead) whenever this runs.
const day = (offsetDays: number, hourUtc: number) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
  org = await organisation(t, 'Feed Clinic');
  doctor = await person(t, org, 'Doctor', 'Sipho');
  nurse = await person(t, org, 'Nurse', 'Lerato');
  patient = await person(t, org, 'Patient', 'Pieter');
  otherOrgDoctor = await person(t, await organisation(t, 'Other Clinic'), 'Doctor', 'Ayanda');
});
afterAll(() => t.close());

describe('the private calendar feed', () => {
  it("serves the person's appointments as iCalendar, cancelled ones as STATUS:CANCELLED, nobody else's", async () => {
    const ward = await book(nurse, { title: 'Ward round', startTime: day(3, 7), endTime: day(3, 8), location: 'Ward 4', attendeeIds: [doctor.id, nurse.id] });
    const theatre = await book(nurse, { title: 'Hip, left', startTime: day(4, 9), endTime: day(4, 11), appointmentType: 'Surgery', location: 'Theatre 2', attendeeIds: [doctor.id] });
    expect((await api('PATCH', `/api/appointments/${theatre.id}`, nurse.cookie, { status: 'Cancelled', expectedVersion: 1 })).statusCode).toBe(200);
    // Not the doctor's: the nurse's own, an unattended one, and one long past the window.
    await book(nurse, { title: 'Nurse only', startTime: day(3, 12), endTime: day(3, 13), attendeeIds: [nurse.id] });
    await book(nurse, { title: 'Nobody attends', startTime: day(3, 14), endTime: day(3, 15) });
    await book(nurse, { title: 'Long ago', startTime: day(-40, 7), endTime: day(-40, 8), attendeeIds: [doctor.id] });
    await book(otherOrgDoctor, { title: 'Other clinic', startTime: day(3, 7), endTime: day(3, 8), attendeeIds: [otherOrgDoctor.id] });

    const made = await api('POST', '/api/calendar/feed', doctor.cookie);
    expect(made.statusCode).toBe(200);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(FEED_URL);
    // Only the token's SHA-256 is kept.
    const token = FEED_URL.exec(url)![1]!;
    const rows = await t.db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', doctor.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const res = await fetchFeed(url); // no cookie: the token is the credential
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = eventsOf(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('CaseBridge — Sipho Nkosi');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Africa/Johannesburg');
    expect(events).toEqual([
      { uid: `${ward.id}@cases.example.org`, summary: 'Ward round', location: 'Ward 4', start: day(3, 7), end: day(3, 8), startIsUtc: true, status: 'CONFIRMED', sequence: 1, lastModified: true },
      { uid: `${theatre.id}@cases.example.org`, summary: 'Hip, left', location: 'Theatre 2', start: day(4, 9), end: day(4, 11), startIsUtc: true, status: 'CANCELLED', sequence: 2, lastModified: true },
    ]);

    // A move shows at the next poll, with a higher SEQUENCE so the phone replaces its copy.
    expect((await api('PATCH', `/api/appointments/${ward.id}`, nurse.cookie, { startTime: day(3, 9), endTime: day(3, 10), expectedVersion: 1 })).statusCode).toBe(200);
    const moved = eventsOf((await fetchFeed(url)).body).events.find((e) => e.summary === 'Ward round');
    expect(moved).toMatchObject({ start: day(3, 9), end: day(3, 10), sequence: 2 });
  });

  it('tells whether an address is live (never the address), replaces it on a second POST, and revokes it', async () => {
    expect((await api('GET', '/api/calendar/feed', nurse.cookie)).json()).toEqual({ active: false, createdAt: null });
    const first = (await api('POST', '/api/calendar/feed', nurse.cookie)).json().url as string;
    const status = await api('GET', '/api/calendar/feed', nurse.cookie);
    expect(status.json()).toEqual({ active: true, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(status.body).not.toContain(FEED_URL.exec(first)![1]);
    expect((await fetchFeed(first)).statusCode).toBe(200);

    const second = (await api('POST', '/api/calendar/feed', nurse.cookie)).json().url as string;
    expect(second).not.toBe(first);
    const replaced = await fetchFeed(first);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('revoked or replaced') });
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect(await t.db.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', nurse.id).execute()).toHaveLength(1);

    const revoked = await api('DELETE', '/api/calendar/feed', nurse.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ active: false, createdAt: null });
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await api('GET', '/api/calendar/feed', nurse.cookie)).json()).toEqual({ active: false, createdAt: null });
  });

  it('answers 404 with the one error body for an unknown or malformed token, and for a member who left', async () => {
    for (const path of ['/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/api/calendar/feed/short.ics', '/api/calendar/feed/%00.ics', '/api/calendar/feed/x']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ code: 'NOT_FOUND' });
    }
    const leaver = await person(t, org, 'Doctor', 'Zanele');
    const url = (await api('POST', '/api/calendar/feed', leaver.cookie)).json().url as string;
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', leaver.id).execute();
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it('is only for roles that see a schedule, and only signed in', async () => {
    for (const [method, url] of [['GET', '/api/calendar/feed'], ['POST', '/api/calendar/feed'], ['DELETE', '/api/calendar/feed']] as const) {
      expect((await api(method, url, patient.cookie)).statusCode, `${method} as Patient`).toBe(403);
      expect((await t.app.inject({ method, url, headers: { origin: 'http://localhost' } })).statusCode, `${method} signed out`).toBe(401);
    }
    expect(await t.db.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', patient.id).execute()).toHaveLength(0);
  });

  it('records the address made and revoked, and each read of the feed, in the audit trail', async () => {
    const url = (await api('POST', '/api/calendar/feed', doctor.cookie)).json().url as string;
    await fetchFeed(url);
    await api('DELETE', '/api/calendar/feed', doctor.cookie);
    const entries = await t.db.selectFrom('audit_events').select(['action', 'entity_type', 'details', 'outcome']).where('user_id', '=', doctor.id).execute();
    const text = JSON.stringify(entries);
    expect(entries.some((e) => e.action === 'create' && String(e.details).includes('calendarFeed.create'))).toBe(true);
    expect(entries.some((e) => e.action === 'delete' && String(e.details).includes('calendarFeed.revoke'))).toBe(true);
    expect(entries.some((e) => e.action === 'export' && e.entity_type === 'appointment' && e.outcome === 'success')).toBe(true);
    expect(text).not.toContain(FEED_URL.exec(url)![1]);
  });

  it('keeps the token out of the request log', () => {
    expect(redactedUrl('/api/calendar/feed/AbC_-123.ics')).toBe('/api/calendar/feed/[token]');
    expect(redactedUrl('/api/calendar/feed/AbC_-123.ics?x=1')).toBe('/api/calendar/feed/[token]?x=1');
    expect(redactedUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(redactedUrl('/api/appointments?from=a')).toBe('/api/appointments?from=a');
  });
});

// A feed address is a credential a calendar app holds (decision 0036), so it ends wherever "signed
// out everywhere" is promised: a password reset (its e-mail says so), a password change, a
// deactivation — and it stays dead after a reactivation — and a role change.
describe('a feed address ends where sessions end', () => {
  const NEW_PASSWORD = 'a much longer passphrase 2026';
  const makeFeed = async (who: Person) => {
    const url = (await api('POST', '/api/calendar/feed', who.cookie)).json().url as string;
    expect((await fetchFeed(url)).statusCode).toBe(200);
    return url;
  };
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
  const expectDead = async (url: string) => {
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  };

  it('a password reset revokes it', async () => {
    const who = await person(t, org, 'Doctor', 'Reset');
    const url = await makeFeed(who);
    expect((await post('/api/auth/password-reset', { email: who.email })).statusCode).toBe(200);
    const mail = await t.db.selectFrom('email_outbox').select('text_body').where('to_address', '=', who.email).where('kind', '=', 'password-reset').executeTakeFirstOrThrow();
    const token = /reset-password\?token=([a-z2-7]+)/.exec(mail.text_body)![1]!;
    const done = await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    await expectDead(url);
  });

  it('a password change revokes it (the current session stays)', async () => {
    const who = await person(t, org, 'Doctor', 'Change');
    const url = await makeFeed(who);
    const changed = await post('/api/account/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, who.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    await expectDead(url);
    expect((await api('GET', '/api/calendar/feed', who.cookie)).json()).toEqual({ active: false, createdAt: null });
  });

  it('a deactivation revokes it, and a reactivation does not bring it back; they make a new one', async () => {
    const admin = await person(t, org, 'Administrator', 'Ayanda');
    const who = await person(t, org, 'Doctor', 'Leaver');
    const url = await makeFeed(who);
    expect((await post(`/api/users/${who.id}/deactivate`, {}, admin.cookie)).statusCode).toBe(200);
    await expectDead(url);
    const back = await post(`/api/users/${who.id}/reactivate`, {}, admin.cookie);
    expect(back.statusCode, back.body).toBe(200);
    await expectDead(url);
    const fresh = await makeFeed(await person(t, org, 'Doctor', 'Other')); // a working feed still answers
    expect(fresh).not.toBe(url);
  });

  it('a role change revokes it', async () => {
    const admin = await person(t, org, 'Administrator', 'Thandi');
    const who = await person(t, org, 'Doctor', 'Mover');
    const url = await makeFeed(who);
    const moved = await api('PUT', `/api/users/${who.id}/role`, admin.cookie, { role: 'Nurse' });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectDead(url);
    // Their sessions stay (the new role applies on the next request), and a new address works.
    await makeFeed(who);
  });
});
