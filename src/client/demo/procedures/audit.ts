import { addDays, startOfDay } from '../../../shared/calendar';
import {
  AUDIT_CHANGE_ACTIONS,
  type TAccessReport,
  type TAccessReportPerson,
  type TAuditAction,
  type TAuditEntityType,
  type TAuditEntry,
  ZAccessReportInput,
  ZAuditActorsInput,
  ZAuditListInput,
} from '../../../shared/domain/audit';
import { type DemoContext, emailOf } from '../context';
import { DemoError } from '../demo-error';
import { displayName } from '../fixtures/people';
import { type DemoProcedures, procedure } from '../procedure';
import { sessionGrants, teamMembersOf } from './case-file-state';
import { allCases } from './cases';

// A sample audit trail for the demo: the organisation's people signing in, reading and changing the
// fixture cases over the last days, drawn from the fixtures so the Audit screen and the access
// report have something true to the demo to show. Nothing the visitor does in the demo is added.

const MINUTE_MS = 60_000;
const ORGANIZATION_NAME = { healthcare: 'Thornhill Community Hospital', legal: 'Mokoena & Partners Attorneys', medicolegal: 'Gauteng State Litigation Unit' } as const;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36';

/** The sample trail (also the per-person access report's source, procedures/people.ts). */
export function sampleTrail(ctx: DemoContext): TAuditEntry[] {
  const people = ctx.members.filter((p) => p.role !== 'Patient').slice(0, 6);
  const cases = allCases(ctx).slice(0, 8);
  const entries: Omit<TAuditEntry, 'seq'>[] = [];
  const add = (minutesAgo: number, personIndex: number, action: TAuditAction, entityType: TAuditEntityType, caseId: string | null, outcome: TAuditEntry['outcome'] = 'success', about?: { id: string; name: string }) => {
    const person = people[personIndex % people.length]!;
    entries.push({
      occurredAt: new Date(ctx.anchor.getTime() - minutesAgo * MINUTE_MS).toISOString(),
      organizationId: ctx.organizationId,
      organizationName: ORGANIZATION_NAME[ctx.platform],
      userId: person.id,
      userName: displayName(person),
      userEmail: emailOf(ctx.platform, person),
      role: person.role,
      action,
      entityType,
      entityId: about?.id ?? caseId,
      entityName: about?.name ?? null,
      caseId: entityType === 'case' || entityType === 'cost' ? caseId : null,
      outcome,
      ip: `10.20.0.${11 + (personIndex % people.length)}`,
      userAgent: BROWSER,
      details: {},
      folded: null,
    });
  };
  cases.forEach((found, index) => {
    const base = (index + 1) * 180;
    add(base + 40, index, 'sign-in', 'session', null);
    add(base + 35, index, 'list', 'case', null);
    add(base + 30, index, 'read', 'case', found.id);
    add(base + 20, index + 1, 'read', 'case', found.id);
    if (index % 2 === 0) add(base + 10, index + 1, 'update', 'case', found.id);
    if (index % 3 === 0) add(base + 5, index + 2, 'read', 'cost', found.id);
  });
  // Issue 32: the Administrator opens Users three times in a few minutes (folded into one row on the
  // screen) and shows a colleague a reset link (no mail server in the demo), named, not by id.
  const administrator = people.findIndex((p) => p.role === 'Administrator');
  const colleague = people.find((p, index) => index !== administrator);
  if (administrator >= 0 && colleague) {
    add(62, administrator, 'list', 'user', null);
    add(61, administrator, 'list', 'user', null);
    add(58, administrator, 'list', 'user', null);
    add(57, administrator, 'password-reset', 'user', null, 'success', { id: colleague.id, name: displayName(colleague) });
    entries[entries.length - 1]!.details = { delivery: 'link-shown' };
  }
  add(25, 3, 'sign-in', 'session', null, 'failure');
  add(20, 4, 'access-denied', 'request', null, 'denied');
  // Issue 18: a colleague outside the team broke the glass on each restricted case (the report shows the reason) …
  allCases(ctx).filter((c) => c.restricted).forEach((found, index) => {
    const team = new Set(teamMembersOf(ctx, found).map((m) => m.userId));
    const outsider = people.findIndex((p) => !team.has(p.id) && p.role !== 'Administrator' && p.role !== 'Director');
    if (outsider < 0) return;
    add(95 + index * 7, outsider, 'read', 'case', found.id);
    const entry = entries[entries.length - 1]!;
    entry.details = { breakGlass: true, reason: 'Covering the night shift: needed the latest plan' };
  });
  // … and so did the visitor in this session, with the reason they gave.
  for (const grant of sessionGrants(ctx)) {
    entries.push({
      occurredAt: grant.grantedAt, organizationId: ctx.organizationId, organizationName: ORGANIZATION_NAME[ctx.platform],
      userId: ctx.me.id, userName: displayName(ctx.me), userEmail: emailOf(ctx.platform, ctx.me), role: ctx.me.role,
      action: 'read', entityType: 'case', entityId: grant.id, entityName: null, caseId: grant.id, outcome: 'success', ip: '10.20.0.99', userAgent: BROWSER,
      details: { breakGlass: true, reason: grant.reason }, folded: null,
    });
  }
  return entries
    .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
    .map((entry, index) => ({ ...entry, seq: index + 1 }));
}

/**
 * The server's folding (audit-folding.ts) for the demo: successful list reads by one person, of one
 * kind of record, in one 10-minute window of the clock are one row (the newest) with a count.
 */
function foldListReads(newestFirst: readonly TAuditEntry[]): TAuditEntry[] {
  const rows = new Map<string, TAuditEntry>();
  for (const entry of newestFirst) {
    const foldable = entry.action === 'list' && entry.outcome === 'success' && entry.userId !== null;
    const key = foldable ? ['list', entry.userId, entry.entityType, entry.organizationId, entry.occurredAt.slice(0, 15)].join('|') : String(entry.seq);
    const row = rows.get(key);
    if (!row) rows.set(key, { ...entry, folded: null });
    else rows.set(key, { ...row, folded: { count: (row.folded?.count ?? 1) + 1, firstAt: entry.occurredAt, firstSeq: entry.seq } });
  }
  return [...rows.values()];
}

const dayStart = (day: string) => startOfDay(new Date(`${day}T12:00:00Z`)).toISOString();

export const auditProcedures = {
  'audit.list': procedure({
    input: ZAuditListInput,
    capability: 'audit.view',
    run(ctx, input) {
      const from = input.from ? dayStart(input.from) : null;
      const before = input.to ? addDays(new Date(dayStart(input.to)), 1).toISOString() : null;
      const all = sampleTrail(ctx);
      const untilSeq = input.untilSeq ?? all.length;
      const matching = all
        .filter((e) => e.seq <= untilSeq)
        .filter((e) => !input.organizationId || e.organizationId === input.organizationId)
        .filter((e) => !input.userId || e.userId === input.userId)
        .filter((e) => !input.entityType || e.entityType === input.entityType)
        .filter((e) => !input.action || e.action === input.action)
        .filter((e) => !from || e.occurredAt >= from)
        .filter((e) => !before || e.occurredAt < before)
        .reverse();
      const rows = input.fold ? foldListReads(matching) : matching;
      const start = (input.page - 1) * input.pageSize;
      return { items: rows.slice(start, start + input.pageSize), total: rows.length, page: input.page, pageSize: input.pageSize, untilSeq };
    },
  }),

  'audit.actors': procedure({
    input: ZAuditActorsInput,
    capability: 'audit.view',
    run(ctx, input) {
      if (input.organizationId && input.organizationId !== ctx.organizationId) return [];
      const seen = new Map<string, { userId: string; name: string; email: string }>();
      for (const e of sampleTrail(ctx)) {
        if (e.userId && !seen.has(e.userId)) seen.set(e.userId, { userId: e.userId, name: e.userName ?? '', email: e.userEmail ?? '' });
      }
      return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  }),

  'audit.accessReport': procedure({
    input: ZAccessReportInput,
    capability: 'audit.view',
    run(ctx, input): TAccessReport {
      const found = allCases(ctx).find((c) => c.id === input.caseId);
      if (!found) throw new DemoError('NOT_FOUND', 'Case not found.');
      const entries = sampleTrail(ctx).filter((e) => e.caseId === found.id);
      const people = new Map<string, TAccessReportPerson>();
      for (const e of entries) {
        const person = people.get(e.userId!) ?? { userId: e.userId, userName: e.userName, userEmail: e.userEmail, roles: [], reads: 0, changes: 0, firstAt: e.occurredAt, lastAt: e.occurredAt };
        if (e.role && !person.roles.includes(e.role)) person.roles.push(e.role);
        if ((AUDIT_CHANGE_ACTIONS as readonly string[]).includes(e.action)) person.changes += 1;
        else person.reads += 1;
        person.lastAt = e.occurredAt;
        people.set(e.userId!, person);
      }
      return {
        case: { id: found.id, patientName: found.patientName, caseType: found.caseType, status: found.status, deidentified: false },
        people: [...people.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt)),
        entries,
      };
    },
  }),
} satisfies Partial<DemoProcedures>;
