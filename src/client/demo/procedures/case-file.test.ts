import { describe, expect, it } from 'vitest';
import type { TCaseNoteList } from '../../../shared/domain/case-notes';
import type { TCaseTask, TCaseTaskList } from '../../../shared/domain/case-tasks';
import type { TCaseTeam } from '../../../shared/domain/case-team';
import type { TTimelinePage } from '../../../shared/domain/case-timeline';
import type { TCase } from '../../../shared/domain/cases';
import { dayKey } from '../../../shared/calendar';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError, toClientError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';

// The case file in demo mode (issue 18), as a visitor meets it: an edit shows old → new on the
// timeline, a stale version is refused with the current case, notes are amended not edited, a task
// handed to a colleague is theirs, and a restricted case is refused until the glass is broken.

const who = (userId: string, role: string, name: string, platform: DemoIdentity['platform'] = 'healthcare'): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const DOCTOR = who('attending_physician', 'Doctor', 'Dr Pieter van der Merwe');
const NURSE = who('registered_nurse', 'Nurse', 'Nomvula Dlamini');
const PHARMACIST = who('pharmacist', 'Clinical Staff', 'Lerato Nkosi');
const ADMIN = who('hospital_administrator', 'Administrator', 'Johan Botha');
const ATTORNEY = who('attorney', 'Attorneys', 'Karabo Molefe', 'legal');

const call = <T>(path: string, input: unknown, as: DemoIdentity) => answer(path, input, as) as T;
/** The DemoError a call throws (fails the test when it does not throw one). */
function refusal(path: string, input: unknown, as: DemoIdentity): DemoError {
  try {
    answer(path, input, as);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} did not refuse`);
}

useFixedDemoClock();

describe('demo case edit', () => {
  it('applies any subset, adds 1 to the version, and shows each change old → new on the timeline', () => {
    const before = call<TCase>('cases.get', { id: 'hc-case-01' }, DOCTOR);
    expect(before.priority).toBe('Medium');
    const after = call<TCase>('cases.update', { id: 'hc-case-01', priority: 'High', department: 'Ward B', expectedVersion: before.version }, DOCTOR);
    expect(after).toMatchObject({ priority: 'High', department: 'Ward B', version: before.version + 1, caseType: before.caseType });
    expect(call<TCase>('cases.get', { id: 'hc-case-01' }, DOCTOR)).toMatchObject({ priority: 'High', version: before.version + 1 });

    const newest = call<TTimelinePage>('timeline.list', { id: 'hc-case-01' }, DOCTOR).items[0];
    expect(newest).toMatchObject({ kind: 'case.updated', actorName: 'Dr Pieter van der Merwe' });
    expect(newest?.changes).toEqual(expect.arrayContaining([
      { field: 'priority', label: 'Priority', from: 'Medium', to: 'High' },
      { field: 'department', label: 'Department', from: 'Orthopaedics', to: 'Ward B' },
    ]));
  });

  it('refuses a stale version with CONFLICT carrying the current case, and writes nothing', () => {
    const seen = call<TCase>('cases.get', { id: 'hc-case-01' }, DOCTOR);
    call('cases.update', { id: 'hc-case-01', progressPercentage: 60, expectedVersion: seen.version }, DOCTOR);
    const error = refusal('cases.update', { id: 'hc-case-01', priority: 'Low', expectedVersion: seen.version }, DOCTOR);
    expect(error.code).toBe('CONFLICT');
    expect(error.extra?.current).toMatchObject({ id: 'hc-case-01', version: seen.version + 1, progressPercentage: 60, priority: 'Medium' });
    // The client sees it as the server's: data.code, data.appCode and data.current.
    expect(toClientError(error, 'cases.update').data).toMatchObject({ code: 'CONFLICT', httpStatus: 409, appCode: 'CONFLICT', current: { version: seen.version + 1 } });
    expect(call<TCase>('cases.get', { id: 'hc-case-01' }, DOCTOR).priority).toBe('Medium');
  });

  it('refuses bad input with the field named, as the server', () => {
    const error = refusal('cases.update', { id: 'hc-case-01', progressPercentage: 140 }, DOCTOR);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', fields: { progressPercentage: 'Progress must be between 0 and 100' } });
  });
});

describe('demo timeline', () => {
  it('pages newest first with an opaque cursor, and refuses a cursor it did not give', () => {
    const all = call<TTimelinePage>('timeline.list', { id: 'hc-case-01', limit: 200 }, DOCTOR).items;
    expect(all.length).toBeGreaterThan(4);
    const first = call<TTimelinePage>('timeline.list', { id: 'hc-case-01', limit: 3 }, DOCTOR);
    expect(first.nextCursor).not.toBeNull();
    const second = call<TTimelinePage>('timeline.list', { id: 'hc-case-01', limit: 3, cursor: first.nextCursor }, DOCTOR);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(all.slice(0, 6).map((i) => i.id));
    expect(all.map((i) => i.at)).toEqual([...all.map((i) => i.at)].sort().reverse());
    expect(refusal('timeline.list', { id: 'hc-case-01', cursor: 'not-a-cursor' }, DOCTOR)).toMatchObject({ code: 'BAD_REQUEST', fields: { cursor: expect.any(String) } });
  });
});

describe('demo case parts on the timeline and by case', () => {
  it('shows an appointment booked and time recorded for the case, and filters the parts by caseId', () => {
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const booked = call<{ id: string }>('appointments.create', { title: 'Wound review', startTime: later(24), endTime: later(25), caseId: 'hc-case-02' }, DOCTOR);
    const entry = call<{ id: string }>('costs.startTimeEntry', { caseId: 'hc-case-02', description: 'Ward round' }, DOCTOR);
    call('costs.stopTimeEntry', { id: entry.id }, DOCTOR);
    const kinds = call<TTimelinePage>('timeline.list', { id: 'hc-case-02' }, DOCTOR).items.map((i) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['appointment.booked', 'time.recorded']));
    const forCase = call<{ id: string; caseId: string | null }[]>('appointments.list', { caseId: 'hc-case-02' }, DOCTOR);
    expect(forCase.map((a) => a.id)).toContain(booked.id);
    expect(forCase.filter((a) => a.caseId !== 'hc-case-02')).toEqual([]);
    const mine = call<{ id: string; caseId: string }[]>('costs.listMyTimeEntries', { caseId: 'hc-case-02' }, DOCTOR);
    expect(mine.map((e) => e.id)).toContain(entry.id);
    expect(mine.filter((e) => e.caseId !== 'hc-case-02')).toEqual([]);
    expect(refusal('appointments.list', { caseId: 'hc-case-05' }, PHARMACIST).code).toBe('RESTRICTED');
  });

  it("counts the visitor's open and overdue tasks on the dashboard, and lists them on /tasks", () => {
    const work = call<{ tasks: { openTasks: number; overdueTasks: number } }>('dashboard.workspace', undefined, NURSE);
    const open = call<TCaseTaskList>('tasks.list', { assignee: 'me', status: 'open' }, NURSE).items;
    expect(work.tasks.openTasks).toBe(open.length);
    expect(work.tasks.overdueTasks).toBe(open.filter((t) => t.overdue).length);
    expect(work.tasks.overdueTasks).toBeGreaterThan(0);
    const section = call<{ openTasks: { total: number; items: { id: string }[] } }>('dashboard.tasks', undefined, NURSE).openTasks;
    expect(section.items.map((t) => t.id)).toEqual(open.map((t) => t.id));
  });
});

describe('demo team', () => {
  it('lists the slots and the sample members, and a new team shows on the case and the timeline', () => {
    const team = call<TCaseTeam>('caseTeam.get', { id: 'hc-case-01' }, DOCTOR);
    expect(team.members.map((m) => [m.userId, m.roleOnCase])).toEqual([
      ['attending_physician', 'attending-doctor'], ['registered_nurse', 'nurse'], ['hc-case-manager', 'case-manager'], ['pharmacist', 'consultant'],
    ]);
    const put = call<TCaseTeam>('caseTeam.put', {
      id: 'hc-case-01', expectedVersion: team.version,
      members: [{ userId: 'hc-cardiologist', roleOnCase: 'attending-doctor' }, { userId: 'hc-nurse-icu', roleOnCase: 'nurse' }, { userId: 'hc-case-manager', roleOnCase: 'case-manager' }],
    }, DOCTOR);
    expect(put.version).toBe(team.version + 1);
    expect(call<TCase>('cases.get', { id: 'hc-case-01' }, DOCTOR)).toMatchObject({ assignedDoctor: 'Dr Anisha Govender', assignedNurse: 'Busisiwe Khoza' });
    const kinds = call<TTimelinePage>('timeline.list', { id: 'hc-case-01' }, DOCTOR).items.slice(0, 5).map((i) => i.summary);
    expect(kinds).toEqual(expect.arrayContaining([expect.stringContaining('Dr Anisha Govender joined'), expect.stringContaining('Lerato Nkosi left')]));
  });
});

describe('demo notes', () => {
  it('amends by adding a version: the old note stays, marked as amended by the new one', () => {
    const note = call<{ id: string }>('notes.create', { id: 'hc-case-02', kind: 'clinical', body: 'Chest clear.' }, DOCTOR);
    const amended = call<{ id: string; amendsId: string }>('notes.amend', { id: 'hc-case-02', noteId: note.id, body: 'Chest clear; mild basal crackles on the left.' }, DOCTOR);
    expect(amended.amendsId).toBe(note.id);
    const items = call<TCaseNoteList>('notes.list', { id: 'hc-case-02' }, DOCTOR).items;
    expect(items.find((n) => n.id === note.id)).toMatchObject({ body: 'Chest clear.', amendedById: amended.id });
    expect(items.find((n) => n.id === amended.id)).toMatchObject({ body: 'Chest clear; mild basal crackles on the left.', amendedById: null, authorName: 'Dr Pieter van der Merwe' });
    // Only the latest version is amended.
    expect(refusal('notes.amend', { id: 'hc-case-02', noteId: note.id, body: 'Again' }, DOCTOR).code).toBe('CONFLICT');
    const summaries = call<TTimelinePage>('timeline.list', { id: 'hc-case-02' }, DOCTOR).items.map((i) => i.kind);
    expect(summaries.slice(0, 2)).toEqual(['note.amended', 'note.added']);
  });

  it('refuses a kind the platform does not use', () => {
    expect(refusal('notes.create', { id: 'lg-case-01', kind: 'nursing', body: 'x' }, ATTORNEY)).toMatchObject({ code: 'BAD_REQUEST', fields: { kind: expect.any(String) } });
  });
});

describe('demo tasks', () => {
  it("puts a task for a colleague in the colleague's list, not the creator's, and completing it records who and when", () => {
    const task = call<TCaseTask>('tasks.create', { caseId: 'hc-case-02', title: 'Repeat ECG', assigneeId: 'registered_nurse', dueDate: dayKey(), priority: 'High' }, DOCTOR);
    expect(task).toMatchObject({ status: 'open', assigneeName: 'Nomvula Dlamini', caseName: 'Johannes van der Merwe', overdue: false });
    const colleagues = call<TCaseTaskList>('tasks.list', { assignee: 'registered_nurse' }, DOCTOR).items.map((t) => t.id);
    expect(colleagues).toContain(task.id);
    expect(call<TCaseTaskList>('tasks.list', { assignee: 'me' }, DOCTOR).items.map((t) => t.id)).not.toContain(task.id);
    const done = call<TCaseTask>('tasks.update', { id: task.id, status: 'done' }, DOCTOR);
    expect(done).toMatchObject({ status: 'done', completedByName: 'Dr Pieter van der Merwe', version: 2 });
    expect(done.completedAt).not.toBeNull();
    expect(call<TCaseTaskList>('tasks.list', { caseId: 'hc-case-02', status: 'done' }, DOCTOR).items.map((t) => t.id)).toContain(task.id);
  });

  it("shows the catalogue's tasks in the assignee's own list, overdue ones marked from the demo clock", () => {
    const mine = call<TCaseTaskList>('tasks.list', undefined, NURSE).items;
    const wound = mine.find((t) => t.title === 'Wound check (day 3)');
    expect(wound).toMatchObject({ caseId: 'hc-case-01', assigneeId: 'registered_nurse', status: 'open', overdue: true });
    expect(wound!.dueDate! < dayKey()).toBe(true);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((t) => t.assigneeId !== 'registered_nurse')).toEqual([]);
  });

  it('lets the assignee complete their task but not hand it on without caseFile.write', () => {
    const expert = who('forensic_accountant', 'Expert/Witness', 'Zaheera Essop', 'legal');
    // The Expert/Witness may read the case file but not write it.
    expect(refusal('tasks.create', { caseId: 'lg-case-01', title: 'x' }, expert).code).toBe('FORBIDDEN');
    expect(refusal('tasks.update', { id: 'lg-case-01-task-1', assigneeId: 'forensic_accountant' }, expert).code).toBe('FORBIDDEN');
  });
});

describe('demo need to know', () => {
  it('refuses a restricted case to a non-member with RESTRICTED until they break the glass', () => {
    const listed = call<{ items: TCase[] }>('cases.list', { pageSize: 100 }, PHARMACIST).items.find((c) => c.id === 'hc-case-05');
    expect(listed).toMatchObject({ patientName: 'Lindiwe Zwane', restricted: true });
    for (const [path, input] of [['cases.get', { id: 'hc-case-05' }], ['notes.list', { id: 'hc-case-05' }], ['timeline.list', { id: 'hc-case-05' }]] as const) {
      const error = refusal(path, input, PHARMACIST);
      expect(error.code, path).toBe('RESTRICTED');
      expect(toClientError(error, path).data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, appCode: 'RESTRICTED' });
    }
    const grant = call<{ caseId: string; expiresAt: string }>('cases.breakGlass', { id: 'hc-case-05', reason: 'Covering the ward tonight' }, PHARMACIST);
    expect(Date.parse(grant.expiresAt) - Date.now()).toBe(3_600_000);
    expect(call<TCase>('cases.get', { id: 'hc-case-05' }, PHARMACIST).patientName).toBe('Lindiwe Zwane');
    expect(call<TTimelinePage>('timeline.list', { id: 'hc-case-05' }, PHARMACIST).items[0]).toMatchObject({
      kind: 'access.break_glass', actorName: 'Lerato Nkosi', summary: expect.stringContaining('Covering the ward tonight'),
    });
  });

  it("shows the break-glass read with its reason in the case's access report", () => {
    const report = call<{ entries: { userId: string | null; caseId: string | null; action: string; details: Record<string, unknown> }[] }>('audit.accessReport', { caseId: 'hc-case-05' }, ADMIN);
    const glass = report.entries.filter((e) => e.details.breakGlass === true);
    expect(glass).toHaveLength(1);
    expect(glass[0]).toMatchObject({ caseId: 'hc-case-05', action: 'read', details: { reason: expect.any(String) } });
    // Someone outside the team: the team reads the case without breaking the glass.
    const team = call<TCaseTeam>('caseTeam.get', { id: 'hc-case-05' }, ADMIN).members.map((m) => m.userId);
    expect(team).not.toContain(glass[0]?.userId);
  });

  it('refuses to break the glass on a case one may already read', () => {
    expect(refusal('cases.breakGlass', { id: 'hc-case-05', reason: 'Curious about this file' }, DOCTOR).code).toBe('BAD_REQUEST');
    expect(refusal('cases.breakGlass', { id: 'hc-case-01', reason: 'Curious about this file' }, PHARMACIST).code).toBe('BAD_REQUEST');
  });

  it('lets the team and Administrators read it without breaking the glass, and keeps its tasks out of outsiders\' lists', () => {
    expect(call<TCase>('cases.get', { id: 'hc-case-05' }, DOCTOR).restricted).toBe(true);
    expect(call<TCase>('cases.get', { id: 'hc-case-05' }, ADMIN).restricted).toBe(true);
    expect(refusal('tasks.list', { caseId: 'hc-case-05' }, PHARMACIST).code).toBe('RESTRICTED');
    const nurseTasks = call<TCaseTaskList>('tasks.list', undefined, NURSE).items;
    expect(nurseTasks.some((t) => t.caseId === 'hc-case-05')).toBe(true);
  });

  it('has one restricted case per platform that a demo role meets', () => {
    expect(refusal('cases.get', { id: 'lg-case-02' }, ATTORNEY).code).toBe('RESTRICTED');
    const malpractice = who('medical_malpractice_attorney', 'Attorneys', 'Priya Govender', 'medicolegal');
    expect(refusal('cases.get', { id: 'ml-case-03' }, malpractice).code).toBe('RESTRICTED');
  });
});

describe('demo case documents', () => {
  it("lists a case's documents on every platform", () => {
    const legal = call<{ items: { caseId: string }[] }>('documents.forCase', { caseId: 'lg-case-01' }, ATTORNEY).items;
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.filter((d) => d.caseId !== 'lg-case-01')).toEqual([]);
    const healthcare = call<{ items: { caseId: string; fileName: string }[] }>('documents.forCase', { caseId: 'hc-case-01' }, DOCTOR).items;
    expect(healthcare.map((d) => d.fileName)).toEqual(expect.arrayContaining([expect.stringContaining('Referral')]));
  });
});
