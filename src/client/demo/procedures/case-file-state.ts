import type { TCase } from '../../../shared/domain/cases';
import type { TCaseNote } from '../../../shared/domain/case-notes';
import type { TCaseTask } from '../../../shared/domain/case-tasks';
import { CASE_TEAM_ROLES, type TCaseTeamMember, type TCaseTeamRole, slotRoles } from '../../../shared/domain/case-team';
import type { TCaseEventKind, TFieldChange, TTimelineItem } from '../../../shared/domain/case-timeline';
import { addDays, dayKey } from '../../../shared/calendar';
import { can } from '../../../shared/roles';
import { type TSamplePerson, sampleCaseFileOf } from '../../../shared/sample-cases/case-file-samples';
import { samplePerson } from '../../../shared/sample-cases/sample-case';
import { type DemoContext, myName, nameOf } from '../context';
import { notFound, restricted } from '../demo-error';
import { visibleCases } from './cases';

// The case file of a demo case: its team, notes, tasks and timeline events, drawn from the shared
// sample catalogue (src/shared/sample-cases) and laid under this session's writes, and the
// need-to-know rule the server's requireCaseAccess applies (restricted → RESTRICTED unless on the
// team, Administrator, Super Admin, or the glass was broken within the hour).

const HOUR_MS = 3_600_000;

export function samplePersonId(ctx: DemoContext, kase: TCase, person: TSamplePerson): string | null {
  if (person === 'lead') return kase.assignedDoctorId;
  if (person === 'support') return kase.assignedNurseId;
  if (person === 'manager') return kase.caseManagerId;
  return samplePerson(ctx.platform, person.staff, 'demo');
}

const sampleOf = (ctx: DemoContext, kase: TCase) => sampleCaseFileOf(ctx.platform, kase.patientName);

// ---- team ------------------------------------------------------------------------------------

interface TeamRow {
  id: string; // the case id
  members: { userId: string; roleOnCase: TCaseTeamRole }[];
}

function fixtureTeam(ctx: DemoContext, kase: TCase): TeamRow['members'] {
  const slots = slotRoles(ctx.platform);
  const members: TeamRow['members'] = [];
  const add = (userId: string | null, roleOnCase: TCaseTeamRole) => {
    if (userId && !members.some((m) => m.userId === userId)) members.push({ userId, roleOnCase });
  };
  add(kase.assignedDoctorId, slots.doctor);
  add(kase.assignedNurseId, slots.nurse);
  add(kase.caseManagerId, slots.caseManager);
  for (const extra of sampleOf(ctx, kase)?.team ?? []) add(samplePersonId(ctx, kase, extra.person), extra.roleOnCase);
  return members;
}

export function teamMembersOf(ctx: DemoContext, kase: TCase): TeamRow['members'] {
  return ctx.overlay.rows<TeamRow>('caseTeams').find((row) => row.id === kase.id)?.members ?? fixtureTeam(ctx, kase);
}

export function putTeamMembers(ctx: DemoContext, caseId: string, members: TeamRow['members']): void {
  ctx.overlay.put<TeamRow>('caseTeams', { id: caseId, members });
}

export function shownTeam(ctx: DemoContext, kase: TCase): TCaseTeamMember[] {
  return teamMembersOf(ctx, kase).map((m) => ({
    userId: m.userId,
    name: nameOf(ctx, m.userId) ?? 'Former member',
    roleOnCase: m.roleOnCase,
    roleLabel: CASE_TEAM_ROLES[m.roleOnCase],
  }));
}

// ---- need to know ----------------------------------------------------------------------------

export interface GrantRow {
  id: string; // the case id
  expiresAt: string;
  grantedAt: string;
  reason: string;
}

/** The session's break-glass reads (the access report lists them with their reason). */
export const sessionGrants = (ctx: DemoContext): GrantRow[] => ctx.overlay.rows<GrantRow>('breakGlass');

export function hasGrant(ctx: DemoContext, caseId: string): boolean {
  const grant = ctx.overlay.rows<GrantRow>('breakGlass').find((row) => row.id === caseId);
  return Boolean(grant && grant.expiresAt > new Date().toISOString());
}

export function putGrant(ctx: DemoContext, caseId: string, expiresAt: string, reason: string): GrantRow {
  return ctx.overlay.put<GrantRow>('breakGlass', { id: caseId, expiresAt, grantedAt: ctx.nowIso(), reason });
}

export function mayRead(ctx: DemoContext, kase: TCase): boolean {
  if (!kase.restricted || ctx.dataRole === 'Patient') return true;
  if (can({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }, 'cases.readRestricted')) return true;
  return teamMembersOf(ctx, kase).some((m) => m.userId === ctx.me.id) || hasGrant(ctx, kase.id);
}

/** The case if the visitor may see it (NOT_FOUND) and read it (RESTRICTED), as requireCaseAccess. */
export function openCase(ctx: DemoContext, id: string): TCase {
  const kase = visibleCases(ctx).find((c) => c.id === id);
  if (!kase) throw notFound('Case');
  if (!mayRead(ctx, kase)) throw restricted();
  return kase;
}

/** The cases whose parts the visitor may read (for lists across cases: /tasks). */
export function readableCases(ctx: DemoContext): TCase[] {
  return visibleCases(ctx).filter((c) => mayRead(ctx, c));
}

// ---- timeline events ---------------------------------------------------------------------------

type EventRow = TTimelineItem & { caseId: string };

export function appendEvent(ctx: DemoContext, caseId: string, kind: TCaseEventKind, summary: string, changes: TFieldChange[] = []): void {
  ctx.overlay.put<EventRow>('caseEvents', { id: ctx.newId(), caseId, at: ctx.nowIso(), actorName: myName(ctx), kind, summary, changes });
}

const hoursBefore = (anchor: Date, hours: number) => new Date(anchor.getTime() - hours * HOUR_MS).toISOString();

/** What happened to a fixture case before the session: opened, started, finished, its sample notes, tasks and team. */
function fixtureEvents(ctx: DemoContext, kase: TCase): EventRow[] {
  // Nothing from the future: a scheduled case has not started yet.
  const nowIso = ctx.nowIso();
  const events: EventRow[] = [];
  const add = (suffix: string, at: string, actorId: string | null, kind: TCaseEventKind, summary: string, changes: TFieldChange[] = []) => {
    if (at <= nowIso) events.push({ id: `${kase.id}-ev-${suffix}`, caseId: kase.id, at, actorName: nameOf(ctx, actorId), kind, summary, changes });
  };
  add('created', kase.createdAt, kase.caseManagerId, 'case.created', `Case opened: ${kase.caseType}`);
  const status = (from: string, to: string): TFieldChange[] => [{ field: 'status', label: 'Status', from, to }];
  if (kase.status !== 'Scheduled' && kase.admissionDate) add('started', kase.admissionDate, kase.assignedDoctorId, 'case.updated', 'Status: Scheduled → In Progress', status('Scheduled', 'In Progress'));
  if (kase.completedAt) add('completed', kase.completedAt, kase.assignedDoctorId, 'case.updated', 'Status: In Progress → Completed', status('In Progress', 'Completed'));
  if (kase.restricted) add('restricted', kase.createdAt, kase.caseManagerId, 'case.restricted', 'Marked restricted: only the team reads it');
  const sample = sampleOf(ctx, kase);
  for (const [i, extra] of (sample?.team ?? []).entries()) {
    const userId = samplePersonId(ctx, kase, extra.person);
    add(`team-${i}`, kase.createdAt, kase.caseManagerId, 'team.added', `${nameOf(ctx, userId) ?? 'A colleague'} joined as ${CASE_TEAM_ROLES[extra.roleOnCase]}`);
  }
  for (const note of fixtureNotes(ctx, kase)) {
    add(`${note.id}`, note.at, note.authorId, note.amendsId ? 'note.amended' : 'note.added', `${note.amendsId ? 'Amended a note' : 'Note'}: ${note.body.slice(0, 80)}`);
  }
  for (const task of fixtureTasks(ctx, kase)) {
    add(`${task.id}-created`, task.createdAt, kase.caseManagerId, 'task.created', `Task for ${task.assigneeName ?? 'nobody yet'}: ${task.title}`);
    if (task.completedAt) add(`${task.id}-done`, task.completedAt, task.assigneeId, 'task.completed', `Task done: ${task.title}`);
  }
  return events;
}

/** The case's timeline: fixture events, this session's writes, and the session's appointments, time and messages about it. */
export function caseEvents(ctx: DemoContext, kase: TCase): TTimelineItem[] {
  const written = ctx.overlay.rows<EventRow>('caseEvents').filter((e) => e.caseId === kase.id);
  const booked = ctx.overlay
    .rows<{ id: string; caseId: string | null; title: string; startTime: string; createdAt: string }>('appointments')
    .filter((a) => a.caseId === kase.id)
    .map((a): EventRow => ({ id: `${a.id}-booked`, caseId: kase.id, at: a.createdAt, actorName: myName(ctx), kind: 'appointment.booked', summary: `Appointment booked: ${a.title}`, changes: [] }));
  const timed = ctx.overlay
    .rows<{ id: string; caseId: string; userId: string; startTime: string; endTime: string | null; durationMinutes?: number | null }>('timeEntries')
    .filter((t) => t.caseId === kase.id && t.endTime !== null)
    .map((t): EventRow => ({
      id: `${t.id}-time`, caseId: kase.id, at: t.endTime!, actorName: nameOf(ctx, t.userId), kind: 'time.recorded',
      summary: `Time recorded${t.durationMinutes != null ? `: ${t.durationMinutes} min` : ''}`, changes: [],
    }));
  const sent = ctx.overlay
    .rows<{ id: string; patientCaseId: string | null; subject: string; createdAt: string; senderId?: string }>('messages')
    .filter((m) => m.patientCaseId === kase.id)
    .map((m): EventRow => ({ id: `${m.id}-sent`, caseId: kase.id, at: m.createdAt, actorName: nameOf(ctx, m.senderId) ?? myName(ctx), kind: 'message.sent', summary: `Message: ${m.subject}`, changes: [] }));
  return [...fixtureEvents(ctx, kase), ...written, ...booked, ...timed, ...sent].map(({ caseId: _caseId, ...item }) => item);
}

// ---- notes and tasks from the catalogue ------------------------------------------------------

export function fixtureNotes(ctx: DemoContext, kase: TCase): TCaseNote[] {
  const notes: TCaseNote[] = [];
  for (const [i, sample] of (sampleOf(ctx, kase)?.notes ?? []).entries()) {
    const authorId = samplePersonId(ctx, kase, sample.by);
    const id = `${kase.id}-note-${i + 1}`;
    const amendId = `${id}-a`;
    notes.push({
      id, at: hoursBefore(ctx.anchor, sample.hoursAgo), authorId, authorName: nameOf(ctx, authorId) ?? 'Former member',
      kind: sample.kind, body: sample.body, amendsId: null, amendedById: sample.amended ? amendId : null,
    });
    if (sample.amended) {
      notes.push({
        id: amendId, at: hoursBefore(ctx.anchor, sample.amended.hoursAgo), authorId, authorName: nameOf(ctx, authorId) ?? 'Former member',
        kind: sample.kind, body: sample.amended.body, amendsId: id, amendedById: null,
      });
    }
  }
  return notes;
}

export function isOverdue(task: Pick<TCaseTask, 'status' | 'dueDate'>): boolean {
  return task.status === 'open' && task.dueDate !== null && task.dueDate < dayKey();
}

export function fixtureTasks(ctx: DemoContext, kase: TCase): TCaseTask[] {
  return (sampleOf(ctx, kase)?.tasks ?? []).map((sample, i) => {
    const assigneeId = samplePersonId(ctx, kase, sample.assignee);
    const done = sample.doneHoursAgo !== undefined;
    const task: TCaseTask = {
      id: `${kase.id}-task-${i + 1}`, caseId: kase.id, caseName: kase.patientName, caseReference: kase.reference,
      title: sample.title, assigneeId, assigneeName: nameOf(ctx, assigneeId),
      dueDate: sample.dueInDays === null ? null : dayKey(addDays(ctx.anchor, sample.dueInDays)),
      priority: sample.priority, status: done ? 'done' : 'open', overdue: false,
      completedAt: done ? hoursBefore(ctx.anchor, sample.doneHoursAgo!) : null,
      completedByName: done ? nameOf(ctx, assigneeId) : null,
      createdAt: hoursBefore(ctx.anchor, 72 + i), createdByName: nameOf(ctx, kase.caseManagerId), version: 1,
    };
    return task;
  });
}
