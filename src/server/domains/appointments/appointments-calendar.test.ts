import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createOrganization, createUser, startTestApp } from '../../test-support/test-app';
import { type Person, apiOf, person } from '../../test-support/case-file';
import { createCase } from '../../test-support/case-file-factories';

// Issue 21, the calendar's server: a range read, attendees, PATCH with expectedVersion, the
// double-booking check, what attendees are told, and the case's timeline — through REST, as the
// calendar and any other caller use it. Expected values come from the rules, not the code.

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let org: string;
let booker: Person; // a Nurse at the front desk: appointments.manage
let docA: string;
let docB: string;
let docC: string;
let outsider: string; // a member of another organisation
let inactiveMember: string;
let deactivatedUser: string;

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const titles = (res: { json(): unknown }) => (res.json() as Array<{ title: string }>).map((a) => a.title);

async function book(body: Record<string, unknown>) {
  const res = await api('POST', '/api/appointments', booker.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; version: number; conflicts: unknown[]; attendees: Array<{ userId: string; name: string }> };
}
const patch = (id: string, body: Record<string, unknown>) => api('PATCH', `/api/appointments/${id}`, booker.cookie, body);
const counts = async () => ({
  appointments: (await t.db.selectFrom('appointments').select('id').where('organization_id', '=', org).execute()).length,
  attendees: (await t.db.selectFrom('appointment_attendees').select('user_id').where('organization_id', '=', org).execute()).length,
  notifications: (await t.db.selectFrom('notifications').select('id').where('organization_id', '=', org).execute()).length,
});
const notificationsOf = (appointmentId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['user_id', 'kind', 'type', 'title', 'message', 'href'])
    .where('href', '=', `/schedule?appointmentId=${appointmentId}`)
    .orderBy('created_at')
    .orderBy('kind')
    .orderBy('user_id')
    .execute();

beforeAll(async () => {
  t = await startTestApp();
  api = apiOf(t);
  org = await createOrganization(t.db, 'Calendar Hospital');
  booker = await person(t, org, 'Nurse', 'Lerato');
  docA = (await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Ayanda' })).id;
  docB = (await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Bongani' })).id;
  docC = (await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Chantal' })).id;
  outsider = (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Elsewhere Clinic'), role: 'Doctor' })).id;
  inactiveMember = (await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Gone' })).id;
  await t.db.updateTable('memberships').set({ status: 'inactive' }).where('user_id', '=', inactiveMember).execute();
  deactivatedUser = (await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Off' })).id;
  await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', deactivatedUser).execute();
});
afterAll(() => t.close());

describe('GET /api/appointments?from=&to=&userId=&caseId=', () => {
  let caseId: string;
  beforeAll(async () => {
    caseId = await createCase(t.db, org, { patient_name: 'Range Patient' });
    // The range asked below: Mon 7 Dec 2026, 09:00–12:00 UTC.
    await book({ title: 'Ends at from', startTime: '2026-12-07T08:00:00Z', endTime: '2026-12-07T09:00:00Z', attendeeIds: [docA] });
    await book({ title: 'Overlaps from', startTime: '2026-12-07T08:30:00Z', endTime: '2026-12-07T09:30:00Z', attendeeIds: [docB] });
    await book({ title: 'Spans the range', startTime: '2026-12-06T07:00:00Z', endTime: '2026-12-09T07:00:00Z', attendeeIds: [docA, docB], caseId });
    await book({ title: 'Inside', startTime: '2026-12-07T10:00:00Z', endTime: '2026-12-07T11:00:00Z', attendeeIds: [docA], caseId });
    await book({ title: 'Starts at to', startTime: '2026-12-07T12:00:00Z', endTime: '2026-12-07T13:00:00Z', attendeeIds: [docA] });
    await book({ title: 'Nobody', startTime: '2026-12-07T11:00:00Z', endTime: '2026-12-07T11:30:00Z' });
  });
  const range = 'from=2026-12-07T09:00:00Z&to=2026-12-07T14:00:00%2B02:00'; // 12:00 UTC, written in SAST

  it('answers the appointments overlapping the range, by start (one ending at from, or starting at to, is out)', async () => {
    const res = await api('GET', `/api/appointments?${range}`, booker.cookie);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Spans the range', 'Overlaps from', 'Inside', 'Nobody']);
  });

  it('gives each item its version, case and attendees by name', async () => {
    const items = (await api('GET', `/api/appointments?${range}`, booker.cookie)).json() as Array<Record<string, unknown>>;
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({
      title: 'Spans the range', version: 1, caseId,
      attendees: [{ userId: docA, name: 'Ayanda Nkosi' }, { userId: docB, name: 'Bongani Nkosi' }],
      startTime: '2026-12-06T07:00:00.000Z',
    });
    expect(items[3]).toMatchObject({ title: 'Nobody', attendees: [], caseId: null });
    for (const item of items) expect(item.startTime).toMatch(INSTANT);
  });

  it('narrows to what one person attends (userId), and to one case (caseId), together', async () => {
    expect(titles(await api('GET', `/api/appointments?${range}&userId=${docA}`, booker.cookie))).toEqual(['Spans the range', 'Inside']);
    expect(titles(await api('GET', `/api/appointments?${range}&userId=${docB}`, booker.cookie))).toEqual(['Spans the range', 'Overlaps from']);
    expect(titles(await api('GET', `/api/appointments?${range}&caseId=${caseId}`, booker.cookie))).toEqual(['Spans the range', 'Inside']);
    expect(titles(await api('GET', `/api/appointments?${range}&caseId=${caseId}&userId=${docB}`, booker.cookie))).toEqual(['Spans the range']);
    expect(titles(await api('GET', `/api/appointments?userId=${docC}`, booker.cookie))).toEqual([]);
  });

  it('refuses a range over 62 days, from without to (or to without from), and to before from, naming the field', async () => {
    const cases: [string, Record<string, string>][] = [
      ['from=2026-12-01T00:00:00Z&to=2027-02-01T00:00:01Z', { to: 'A range is at most 62 days' }],
      ['from=2026-12-01T00:00:00Z', { to: 'Give both from and to, or neither' }],
      ['to=2026-12-01T00:00:00Z', { from: 'Give both from and to, or neither' }],
      ['from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z', { to: 'To must be after from' }],
      ['from=2026-12-01T00:00:00Z&to=2026-12-01T00:00:00Z', { to: 'To must be after from' }],
      ['from=monday&to=2026-12-01T00:00:00Z', { from: 'From must be a date and time' }],
    ];
    for (const [query, fields] of cases) {
      const res = await api('GET', `/api/appointments?${query}`, booker.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toEqual(fields);
    }
    // 62 days exactly is a month view with its spill-over weeks: allowed.
    expect((await api('GET', '/api/appointments?from=2026-12-01T00:00:00Z&to=2027-02-01T00:00:00Z', booker.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/appointments with attendees', () => {
  const ok = { title: 'Clinic', startTime: '2026-12-14T08:00:00Z', endTime: '2026-12-14T09:00:00Z' };

  it('books with attendees, each named in the answer, version 1 and no conflicts', async () => {
    const created = await book({ ...ok, attendeeIds: [docB, docA, docA] });
    expect(created).toMatchObject({ version: 1, conflicts: [], attendees: [{ userId: docA, name: 'Ayanda Nkosi' }, { userId: docB, name: 'Bongani Nkosi' }] });
  });

  it('refuses anyone not an active member of the organisation (400 on attendeeIds), writing nothing', async () => {
    const before = await counts();
    for (const stranger of [outsider, inactiveMember, deactivatedUser, 'no-such-user']) {
      const res = await api('POST', '/api/appointments', booker.cookie, { ...ok, attendeeIds: [docA, stranger] });
      expect(res.statusCode, stranger).toBe(400);
      expect(res.json().fields).toEqual({ attendeeIds: 'Every attendee must be an active member of your organisation' });
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a type the platform does not offer (400 on appointmentType), and more than 7 days (400 on endTime)", async () => {
    const before = await counts();
    const counsel = await api('POST', '/api/appointments', booker.cookie, { ...ok, appointmentType: 'Consultation with counsel' });
    expect(counsel.statusCode).toBe(400);
    expect(counsel.json().fields).toEqual({ appointmentType: 'Appointment type must be one of: Consultation, Follow-up, Surgery, Therapy, Meeting' });
    const long = await api('POST', '/api/appointments', booker.cookie, { ...ok, endTime: '2026-12-21T08:00:01Z' });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ endTime: 'An appointment lasts at most 7 days' });
    expect(await counts()).toEqual(before);
    // Exactly 7 days is the longest allowed.
    await book({ ...ok, title: 'A week of leave cover', endTime: '2026-12-21T08:00:00Z' });
  });
});

describe('PATCH /api/appointments/{id} with expectedVersion', () => {
  it('changes times, attendees, location and status, one version up each time', async () => {
    const { id } = await book({ title: 'Review', startTime: '2026-12-15T08:00:00Z', endTime: '2026-12-15T08:30:00Z', attendeeIds: [docA] });
    const steps: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ startTime: '2026-12-15T10:00:00+02:00', endTime: '2026-12-15T10:45:00+02:00' }, { startTime: '2026-12-15T08:00:00.000Z', endTime: '2026-12-15T08:45:00.000Z' }],
      [{ attendeeIds: [docA, docB] }, { attendees: [{ userId: docA, name: 'Ayanda Nkosi' }, { userId: docB, name: 'Bongani Nkosi' }] }],
      [{ location: 'Room 5' }, { location: 'Room 5' }],
      [{ status: 'In Progress' }, { status: 'In Progress' }],
    ];
    let version = 1;
    for (const [body, expected] of steps) {
      const res = await patch(id, { ...body, expectedVersion: version });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      version += 1;
      expect(res.json()).toMatchObject({ ...expected, version, conflicts: [] });
    }
    expect((await t.db.selectFrom('appointments').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version).toBe(5);
  });

  it('answers a stale version with 409 and the appointment as it is now, changing nothing', async () => {
    const { id } = await book({ title: 'Two editors', startTime: '2026-12-15T11:00:00Z', endTime: '2026-12-15T12:00:00Z', attendeeIds: [docA] });
    expect((await patch(id, { location: 'Room 1', expectedVersion: 1 })).statusCode).toBe(200);
    const stale = await patch(id, { location: 'Room 2', attendeeIds: [docB], expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', current: { id, version: 2, location: 'Room 1', attendees: [{ userId: docA }] } });
    const row = await t.db.selectFrom('appointments').select(['location', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ location: 'Room 1', version: 2 });
    expect((await t.db.selectFrom('appointment_attendees').select('user_id').where('appointment_id', '=', id).execute()).map((r) => r.user_id)).toEqual([docA]);
  });

  it('keeps the §7.3 {status} body working without a version, and refuses an empty body (400)', async () => {
    const { id } = await book({ title: 'Old caller', startTime: '2026-12-15T13:00:00Z', endTime: '2026-12-15T14:00:00Z' });
    const res = await patch(id, { status: 'Completed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Completed', version: 2 });
    for (const body of [{}, { expectedVersion: 2 }]) {
      const empty = await patch(id, body);
      expect(empty.statusCode).toBe(400);
      expect(Object.keys(empty.json().fields)).toEqual(['status']);
    }
    expect((await t.db.selectFrom('appointments').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version).toBe(2);
  });

  it('refuses a stranger as attendee, more than 7 days, and a type the platform lacks, changing nothing', async () => {
    const { id } = await book({ title: 'Guarded', startTime: '2026-12-16T08:00:00Z', endTime: '2026-12-16T09:00:00Z', attendeeIds: [docA] });
    const before = await counts();
    const refusals: [Record<string, unknown>, string][] = [
      [{ attendeeIds: [outsider] }, 'attendeeIds'],
      [{ endTime: '2026-12-23T08:00:01Z' }, 'endTime'],
      [{ startTime: '2026-12-16T09:00:00Z' }, 'endTime'], // start at the end: not after it
      [{ appointmentType: 'Independent medical examination' }, 'appointmentType'],
    ];
    for (const [body, field] of refusals) {
      const res = await patch(id, { ...body, expectedVersion: 1 });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect(await counts()).toEqual(before);
    expect((await t.db.selectFrom('appointments').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version).toBe(1);
  });
});

describe('the double-booking check (conflicts)', () => {
  let clash: { id: string };
  beforeAll(async () => {
    // Tue 22 Dec 2026, 09:00–10:00 SAST, two doctors in Theatre 2.
    clash = await book({ title: 'Knee', startTime: '2026-12-22T07:00:00Z', endTime: '2026-12-22T08:00:00Z', appointmentType: 'Surgery', location: 'Theatre 2', attendeeIds: [docA, docB] });
  });
  const query = (params: Record<string, string>) => api('GET', `/api/appointments/conflicts?${new URLSearchParams(params).toString()}`, booker.cookie);
  const knee = () => ({ appointmentId: clash.id, title: 'Knee', startTime: '2026-12-22T07:00:00.000Z', endTime: '2026-12-22T08:00:00.000Z' });

  it('names each attendee who would be double-booked, once each, before anything is saved', async () => {
    const res = await query({ startTime: '2026-12-22T07:30:00Z', endTime: '2026-12-22T08:30:00Z', attendeeIds: `${docA},${docB},${docC}` });
    expect(res.statusCode).toBe(200);
    const { conflicts } = res.json() as { conflicts: Array<{ userId: string | null }> };
    expect(conflicts).toHaveLength(2);
    expect(conflicts).toEqual(expect.arrayContaining([{ ...knee(), userId: docA }, { ...knee(), userId: docB }]));
  });

  it('names the room (userId null), whatever its case or spaces', async () => {
    const res = await query({ startTime: '2026-12-22T07:45:00Z', endTime: '2026-12-22T09:00:00Z', location: '  theatre 2 ' });
    expect(res.json()).toEqual({ conflicts: [{ ...knee(), userId: null }] });
    expect((await query({ startTime: '2026-12-22T07:45:00Z', endTime: '2026-12-22T09:00:00Z', location: 'Theatre 3' })).json()).toEqual({ conflicts: [] });
  });

  it('is no conflict back to back, nor with itself', async () => {
    for (const [startTime, endTime] of [['2026-12-22T08:00:00Z', '2026-12-22T09:00:00Z'], ['2026-12-22T06:00:00Z', '2026-12-22T07:00:00Z']]) {
      const res = await query({ startTime: startTime!, endTime: endTime!, attendeeIds: docA, location: 'Theatre 2' });
      expect(res.json(), startTime).toEqual({ conflicts: [] });
    }
    expect((await query({ startTime: '2026-12-22T07:15:00Z', endTime: '2026-12-22T08:15:00Z', attendeeIds: docA, location: 'Theatre 2', excludeId: clash.id })).json()).toEqual({ conflicts: [] });
    // Moving it by a quarter of an hour overlaps only its old self.
    const moved = await patch(clash.id, { startTime: '2026-12-22T07:15:00Z', endTime: '2026-12-22T08:15:00Z', expectedVersion: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().conflicts).toEqual([]);
    expect((await patch(clash.id, { startTime: '2026-12-22T07:00:00Z', endTime: '2026-12-22T08:00:00Z', expectedVersion: 2 })).statusCode).toBe(200);
  });

  it('never blocks the write: the booking is saved and its answer says what it overlaps', async () => {
    const res = await api('POST', '/api/appointments', booker.cookie, {
      title: 'Squeezed in', startTime: '2026-12-22T07:30:00Z', endTime: '2026-12-22T07:45:00Z', attendeeIds: [docA, docC], location: 'Ward 1',
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created.conflicts).toEqual([{ ...knee(), userId: docA }]);
    expect(await t.db.selectFrom('appointments').select('title').where('id', '=', created.id).executeTakeFirst()).toEqual({ title: 'Squeezed in' });
    // A move onto another appointment is saved too, and names the clash (the calendar's drag).
    const other = await book({ title: 'Later', startTime: '2026-12-22T12:00:00Z', endTime: '2026-12-22T13:00:00Z', attendeeIds: [docB] });
    const dragged = await patch(other.id, { startTime: '2026-12-22T07:00:00Z', endTime: '2026-12-22T08:00:00Z', expectedVersion: 1 });
    expect(dragged.statusCode).toBe(200);
    expect(dragged.json()).toMatchObject({ startTime: '2026-12-22T07:00:00.000Z', version: 2, conflicts: [{ ...knee(), userId: docB }] });
    await patch(other.id, { status: 'Cancelled' });
    await patch(created.id, { status: 'Cancelled' });
  });

  it('frees the slot when the other appointment is cancelled', async () => {
    const params = { startTime: '2026-12-22T07:30:00Z', endTime: '2026-12-22T08:30:00Z', attendeeIds: docA, location: 'Theatre 2' };
    expect((await query(params)).json().conflicts).toHaveLength(2); // docA and the room
    expect((await patch(clash.id, { status: 'Cancelled' })).statusCode).toBe(200);
    expect((await query(params)).json()).toEqual({ conflicts: [] });
  });

  it('refuses a check with bad times (400 naming the field)', async () => {
    const res = await query({ startTime: '2026-12-22T08:00:00Z', endTime: '2026-12-22T07:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ endTime: 'End time must be after the start time' });
  });
});

describe('what attendees are told (notifications)', () => {
  it('booked: every attendee but the booker; moved: those who stayed; added: booked; cancelled: all attendees', async () => {
    const title = 'MDT meeting';
    const created = await book({ title, appointmentType: 'Meeting', startTime: '2026-12-28T07:00:00Z', endTime: '2026-12-28T08:00:00Z', attendeeIds: [booker.id, docA, docB] });
    const href = `/schedule?appointmentId=${created.id}`;
    const booked = { kind: 'appointment.booked', type: 'system', title: 'Appointment booked', message: `${title} on Mon, 28 Dec 2026, 09:00`, href };
    expect(await notificationsOf(created.id)).toEqual([{ ...booked, user_id: docA }, { ...booked, user_id: docB }].sort((x, y) => x.user_id.localeCompare(y.user_id)));

    // Moved an hour later, docB swapped for docC: docA is told it moved, docC that it is booked, docB nothing.
    const moved = await patch(created.id, { startTime: '2026-12-28T08:00:00Z', endTime: '2026-12-28T09:00:00Z', attendeeIds: [booker.id, docA, docC], expectedVersion: 1 });
    expect(moved.statusCode).toBe(200);
    const afterMove = (await notificationsOf(created.id)).slice(2);
    expect(afterMove).toHaveLength(2);
    expect(afterMove).toEqual(
      expect.arrayContaining([
        { user_id: docA, kind: 'appointment.moved', type: 'system', title: 'Appointment moved', message: `${title} is now on Mon, 28 Dec 2026, 10:00`, href },
        { ...booked, user_id: docC, message: `${title} on Mon, 28 Dec 2026, 10:00` },
      ]),
    );

    const cancelled = await patch(created.id, { status: 'Cancelled', expectedVersion: 2 });
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = (await notificationsOf(created.id)).slice(4);
    // Cancelled is the urgent kind (NOTIFICATION_KIND_INFO: §3.4's types).
    expect(afterCancel.map((n) => [n.user_id, n.kind, n.type, n.title]).sort()).toEqual(
      [[docA, 'appointment.cancelled', 'urgent', 'Appointment cancelled'], [docC, 'appointment.cancelled', 'urgent', 'Appointment cancelled']].sort(),
    );
    expect(afterCancel[0]!.message).toBe(`${title} on Mon, 28 Dec 2026, 10:00 is cancelled`);
    // The booker is never told of their own changes.
    expect((await notificationsOf(created.id)).filter((n) => n.user_id === booker.id)).toEqual([]);
  });

  it('a change of location alone tells nobody; adding an attendee tells only them', async () => {
    const { id } = await book({ title: 'Ward round', startTime: '2026-12-29T06:00:00Z', endTime: '2026-12-29T07:00:00Z', attendeeIds: [docA] });
    expect((await patch(id, { location: 'Ward 7', expectedVersion: 1 })).statusCode).toBe(200);
    expect((await notificationsOf(id)).map((n) => [n.user_id, n.kind])).toEqual([[docA, 'appointment.booked']]);
    expect((await patch(id, { attendeeIds: [docA, docB], expectedVersion: 2 })).statusCode).toBe(200);
    expect((await notificationsOf(id)).map((n) => [n.user_id, n.kind])).toEqual([[docA, 'appointment.booked'], [docB, 'appointment.booked']]);
  });
});

describe("the case's timeline", () => {
  it('records a change of an appointment of the case as old → new', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Timeline Patient' });
    const { id } = await book({ title: 'Dressing', startTime: '2026-12-30T07:00:00Z', endTime: '2026-12-30T07:30:00Z', location: 'Room 1', caseId });
    expect((await patch(id, { startTime: '2026-12-30T09:00:00Z', endTime: '2026-12-30T09:30:00Z', location: 'Room 2', expectedVersion: 1 })).statusCode).toBe(200);
    expect((await patch(id, { status: 'Cancelled', expectedVersion: 2 })).statusCode).toBe(200);
    const events = await t.db.selectFrom('case_events').select(['kind', 'summary', 'actor_id', 'details']).where('case_id', '=', caseId).orderBy('at').orderBy('id').execute();
    expect(events.map((e) => [e.kind, e.summary])).toEqual([
      ['appointment.booked', 'Consultation booked for Wed, 30 Dec 2026, 09:00: Dressing'],
      ['appointment.changed', 'Appointment "Dressing": Start Wed, 30 Dec 2026, 09:00 → Wed, 30 Dec 2026, 11:00; End Wed, 30 Dec 2026, 09:30 → Wed, 30 Dec 2026, 11:30; Location Room 1 → Room 2'],
      ['appointment.changed', 'Appointment "Dressing" Scheduled → Cancelled'],
    ]);
    expect(events.every((e) => e.actor_id === booker.id)).toBe(true);
    expect(JSON.parse(events[1]!.details as string)).toMatchObject({
      appointmentId: id,
      changes: [
        { field: 'startTime', from: '2026-12-30T07:00:00.000Z', to: '2026-12-30T09:00:00.000Z' },
        { field: 'endTime', from: '2026-12-30T07:30:00.000Z', to: '2026-12-30T09:30:00.000Z' },
        { field: 'location', from: 'Room 1', to: 'Room 2' },
      ],
    });
  });
});
