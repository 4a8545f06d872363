import { displayName } from '../fixtures/people';
import { can } from '../../../shared/roles';
import { CASE_TEAM_ROLES, CASE_TEAM_ROLES_BY_PLATFORM, ZPutCaseTeamInput, slotRoles } from '../../../shared/domain/case-team';
import { type TFieldChange, ZTimelineInput } from '../../../shared/domain/case-timeline';
import {
  BREAK_GLASS_HOURS,
  CASE_FIELD_LABELS,
  type TCase,
  type TUpdateCaseInput,
  ZBreakGlassInput,
  ZCaseIdInput,
  ZCaseListInput,
  ZUpdateCaseInput,
  withheldCase,
} from '../../../shared/domain/cases';
import { DOCUMENT_LIST_LIMIT, DOCUMENT_MAX_BYTES_DEFAULT, ZCaseDocumentListInput } from '../../../shared/domain/documents';
import { type DemoContext, nameOf, personById } from '../context';
import { DemoError, badRequest, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, caseEvents, mayRead, openCase, putGrant, putTeamMembers, shownTeam, teamMembersOf } from './case-file-state';
import { caseNotesProcedures } from './case-notes';
import { caseTasksProcedures } from './case-tasks';
import { shownTo, visibleCases } from './cases';
import { demoDocuments } from './documents';

// The case page in demo mode (issue 18): edit with versions, team, timeline, break the glass and the
// case's documents; notes and tasks are in case-notes.ts and case-tasks.ts. Every write goes to the
// session overlay and onto the case's timeline, as the server's services append their events.

type EditableField = Exclude<keyof TUpdateCaseInput, 'id' | 'expectedVersion'>;

const PERSON_FIELDS = new Set<string>(['assignedDoctorId', 'assignedNurseId', 'caseManagerId', 'patientUserId']);
const NAME_OF_PERSON_FIELD = { assignedDoctorId: 'assignedDoctor', assignedNurseId: 'assignedNurse', caseManagerId: 'caseManager' } as const;
const PERSON_LABELS: Record<string, string> = { assignedDoctorId: 'Lead', assignedNurseId: 'Support', caseManagerId: 'Case manager' };

// As decision 0032: names for people, Yes/No, flags joined, "40%"; dates stay ISO (the screen formats them).
function shown(ctx: DemoContext, field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length ? value.join(', ') : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (PERSON_FIELDS.has(field)) return nameOf(ctx, String(value)) ?? String(value);
  if (field === 'progressPercentage') return `${String(value)}%`;
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Any subset of the fields, version +1, each change old → new on the timeline; stale → CONFLICT with current. */
export function updateDemoCase(ctx: DemoContext, input: TUpdateCaseInput): TCase {
  const current = openCase(ctx, input.id);
  if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
    throw new DemoError('CONFLICT', 'This case was changed by someone else. Reload it to see the changes.', undefined, { current: shownTo(ctx, current) });
  }
  const next: TCase = { ...current };
  const changes: TFieldChange[] = [];
  for (const [key, value] of Object.entries(input) as [string, unknown][]) {
    if (key === 'id' || key === 'expectedVersion' || value === undefined) continue;
    const field = key as EditableField;
    if (same(current[field], value)) continue;
    if (key in NAME_OF_PERSON_FIELD && value !== null && !personById(ctx, String(value))) {
      throw badRequest('Input validation failed', { [key]: 'Choose a member of your organisation' });
    }
    (next as Record<string, unknown>)[field] = value;
    if (key in NAME_OF_PERSON_FIELD) next[NAME_OF_PERSON_FIELD[key as keyof typeof NAME_OF_PERSON_FIELD]] = nameOf(ctx, value as string | null);
    changes.push({ field, label: CASE_FIELD_LABELS[field] ?? PERSON_LABELS[field] ?? field, from: shown(ctx, field, current[field]), to: shown(ctx, field, value) });
  }
  if (changes.length === 0) return current;
  const now = ctx.nowIso();
  // As the server: completing stamps the time and full progress; leaving Completed clears the stamp.
  if (input.status && input.status !== current.status) {
    if (input.status === 'Completed') Object.assign(next, { completedAt: now, progressPercentage: 100 });
    else next.completedAt = null;
  }
  Object.assign(next, { version: current.version + 1, updatedAt: now });
  ctx.overlay.put('cases', next);
  // A slot changed by an edit moves the team with it, so the team tab and the slots agree.
  syncTeamWithSlots(ctx, current, next);
  appendEvent(ctx, next.id, 'case.updated', changes.map((c) => `${c.label}: ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; '), changes);
  return next;
}

function syncTeamWithSlots(ctx: DemoContext, before: TCase, after: TCase): void {
  const slots = slotRoles(ctx.platform);
  const pairs = [
    [before.assignedDoctorId, after.assignedDoctorId, slots.doctor],
    [before.assignedNurseId, after.assignedNurseId, slots.nurse],
    [before.caseManagerId, after.caseManagerId, slots.caseManager],
  ] as const;
  if (pairs.every(([a, b]) => a === b)) return;
  let members = teamMembersOf(ctx, before);
  for (const [from, to, role] of pairs) {
    if (from === to) continue;
    // As the server: a PATCH of a slot field replaces that role's members with the one named.
    members = members.filter((m) => m.roleOnCase !== role);
    if (to) members = [...members.filter((m) => m.userId !== to), { userId: to, roleOnCase: role }];
  }
  putTeamMembers(ctx, before.id, members);
}

// Opaque base64url of the last item's (at, id), as the server's keyset cursor; a bad one is 400.
const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const timelineKey = (item: { at: string; id: string }) => `${item.at}|${item.id}`;
function decodeCursor(cursor: string): string {
  try {
    const key = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    if (/^\d{4}-\d{2}-\d{2}T[^|]+\|.+$/.test(key)) return key;
  } catch {
    // falls through to the 400
  }
  throw badRequest('Input validation failed', { cursor: 'This page link is no longer valid; reload the timeline' });
}

/** The case list (its restricted cases withheld from a non-member, as on the server). */
const newestFirst = (a: TCase, b: TCase) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

const list = procedure({
  input: ZCaseListInput,
  capability: 'cases.view',
  run(ctx, input) {
    const term = input.search?.toLowerCase();
    // As the server (decision 0045): a case withheld from the visitor is found by its name, not its type.
    const matching = visibleCases(ctx)
      .filter((c) => !input.status || c.status === input.status)
      .filter((c) => !term || c.patientName.toLowerCase().includes(term) || (mayRead(ctx, c) && c.caseType.toLowerCase().includes(term)))
      .sort(newestFirst);
    const from = (input.page - 1) * input.pageSize;
    // The fixtures are a few dozen cases: always the exact total, never the server's capped count.
    return { items: matching.slice(from, from + input.pageSize).map((c) => shownTo(ctx, mayRead(ctx, c) ? c : withheldCase(c))), total: matching.length, totalIsLowerBound: false, page: input.page, pageSize: input.pageSize };
  },
});

export const caseFileProcedures = {
  'cases.list': list,
  'cases.listAlias': list,
  // A restricted case answers RESTRICTED to a non-member until they break the glass.
  'cases.get': procedure({ input: ZCaseIdInput, capability: 'cases.view', run: (ctx, input) => shownTo(ctx, openCase(ctx, input.id)) }),
  'cases.update': procedure({ input: ZUpdateCaseInput, capability: 'cases.update', run: (ctx, input) => shownTo(ctx, updateDemoCase(ctx, input)) }),

  'cases.breakGlass': procedure({
    input: ZBreakGlassInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      // Visible, but not openCase: breaking the glass is how a non-member gets past RESTRICTED.
      const kase = visibleCases(ctx).find((c) => c.id === input.id);
      if (!kase) throw notFound('Case');
      if (mayRead(ctx, kase)) throw badRequest('You can already read this case');
      const expiresAt = new Date(Date.now() + BREAK_GLASS_HOURS * 3_600_000).toISOString();
      putGrant(ctx, kase.id, expiresAt, input.reason);
      appendEvent(ctx, kase.id, 'access.break_glass', `Broke the glass: ${input.reason}`);
      return { caseId: kase.id, expiresAt };
    },
  }),

  'caseTeam.get': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      return { members: shownTeam(ctx, kase), version: kase.version };
    },
  }),

  'caseTeam.candidates': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      openCase(ctx, input.id);
      const items = ctx.members
        .filter((person) => can({ role: person.role }, 'caseFile.view'))
        .map((person) => ({ userId: person.id, name: displayName(person), role: person.role as string }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { items };
    },
  }),

  'caseTeam.put': procedure({
    input: ZPutCaseTeamInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      if (input.expectedVersion !== undefined && input.expectedVersion !== kase.version) {
        throw new DemoError('CONFLICT', 'This case was changed by someone else. Reload it to see the changes.', undefined, {
          current: { members: shownTeam(ctx, kase), version: kase.version },
        });
      }
      const allowed = new Set<string>(CASE_TEAM_ROLES_BY_PLATFORM[ctx.platform]);
      const fields: Record<string, string> = {};
      input.members.forEach((m, i) => {
        if (!personById(ctx, m.userId) || personById(ctx, m.userId)?.role === 'Patient') fields[`members.${i}.userId`] = 'Choose a member of your organisation';
        else if (!allowed.has(m.roleOnCase)) fields[`members.${i}.roleOnCase`] = 'Choose a role this platform uses';
      });
      if (Object.keys(fields).length) throw badRequest('Input validation failed', fields);
      // One row per person: the first role given wins.
      const members = input.members.filter((m, i) => input.members.findIndex((o) => o.userId === m.userId) === i);
      const before = teamMembersOf(ctx, kase);
      putTeamMembers(ctx, kase.id, members);
      const slots = slotRoles(ctx.platform);
      const slotOf = (role: string) => members.find((m) => m.roleOnCase === role)?.userId ?? null;
      const doctor = slotOf(slots.doctor);
      const nurse = slotOf(slots.nurse);
      const manager = slotOf(slots.caseManager);
      const next: TCase = {
        ...kase, version: kase.version + 1, updatedAt: ctx.nowIso(),
        assignedDoctorId: doctor, assignedDoctor: nameOf(ctx, doctor),
        assignedNurseId: nurse, assignedNurse: nameOf(ctx, nurse),
        caseManagerId: manager, caseManager: nameOf(ctx, manager),
      };
      ctx.overlay.put('cases', next);
      const key = (m: { userId: string; roleOnCase: string }) => `${m.userId}|${m.roleOnCase}`;
      for (const m of members.filter((m) => !before.some((b) => key(b) === key(m)))) {
        appendEvent(ctx, kase.id, 'team.added', `${nameOf(ctx, m.userId) ?? 'A colleague'} joined as ${CASE_TEAM_ROLES[m.roleOnCase]}`);
      }
      for (const m of before.filter((b) => !members.some((m) => key(m) === key(b)))) {
        appendEvent(ctx, kase.id, 'team.removed', `${nameOf(ctx, m.userId) ?? 'A former member'} left (${CASE_TEAM_ROLES[m.roleOnCase]})`);
      }
      return { members: shownTeam(ctx, next), version: next.version };
    },
  }),

  'timeline.list': procedure({
    input: ZTimelineInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const ordered = caseEvents(ctx, kase).sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
      const below = input.cursor ? decodeCursor(input.cursor) : null;
      const after = below ? ordered.filter((item) => timelineKey(item) < below) : ordered;
      const page = after.slice(0, input.limit);
      const last = page[page.length - 1];
      return { items: page, nextCursor: after.length > input.limit && last ? toBase64Url(timelineKey(last)) : null };
    },
  }),

  'documents.forCase': procedure({
    input: ZCaseDocumentListInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      const kase = openCase(ctx, input.caseId);
      const items = demoDocuments(ctx)
        .filter((d) => d.caseId === kase.id)
        .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || b.id.localeCompare(a.id));
      return { items: items.slice(0, DOCUMENT_LIST_LIMIT), total: items.length, maxUploadBytes: DOCUMENT_MAX_BYTES_DEFAULT };
    },
  }),

  ...caseNotesProcedures,
  ...caseTasksProcedures,
} satisfies Partial<DemoProcedures>;

