import {
  SHIPPED_CHECKLISTS,
  type TChecklist,
  type TChecklistItem,
  type TChecklistItemKey,
  type TChecklistTemplate,
  ZDeleteChecklistTemplateInput,
  ZSaveChecklistTemplateInput,
  ZTickChecklistItemInput,
  checklistItemKeyOf,
  checklistPercent,
  pickChecklistTemplate,
} from '../../../shared/domain/checklists';
import { CONFLICT_CHECK_UNRESOLVED_MESSAGE } from '../../../shared/domain/conflict-checks';
import { formatSaDateTime } from '../../../shared/format';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import type { TCase } from '../../../shared/domain/cases';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError, badRequest, notFound } from '../demo-error';
import { DEMO_CHECKLIST_TEMPLATES, DEMO_CHECKLIST_TICKS } from '../fixtures/checklists';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase } from './case-file-state';
import { demoHospitalRecords } from './hospital-records';
import { checksOfCase } from './intake-checks-state';

// Compliance checklists in demo mode (issue 20), as the server's services: a case gets its items on
// the first read (a session template for its case type, else the platform's shipped one with the
// fixture ticks), ticks record who and when and show on the timeline, a stale version is a 409;
// Administrators' template edits live in this session.

const DAY_MS = 86_400_000;
const CHANGED = 'Someone else changed this item since you opened it. It now shows their change; tick it again if you still mean to.';
const TEMPLATE_CHANGED = 'Someone else changed this template since you opened it. It now shows their version; make your change again.';

interface ChecklistRow {
  id: string; // the case id
  template: string;
  items: TChecklistItem[];
  /** Keys a record has ticked once (issue 32): unticked by hand, they stay unticked. */
  autoTicked?: TChecklistItemKey[];
}

interface TemplateRow extends TChecklistTemplate {
  createdAt: string;
  deleted?: boolean;
}

const caseIndexOf = (caseId: string): number | null => {
  const match = /-case-(\d+)$/.exec(caseId);
  return match ? Number(match[1]) - 1 : null;
};

/** The organisation's templates: the fixtures with this session's edits and deletions laid over them. */
const liveTemplates = (ctx: DemoContext): TemplateRow[] =>
  ctx.overlay
    .merge<TemplateRow>('checklistTemplates', DEMO_CHECKLIST_TEMPLATES[ctx.platform].map((t) => ({ ...t, caseTypes: [...t.caseTypes], items: [...t.items], version: 1 })))
    .filter((t) => !t.deleted)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
const toTemplate = ({ createdAt: _c, deleted: _d, ...t }: TemplateRow): TChecklistTemplate => t;

/** The case's checklist: made (and kept for the session) on its first read, as on the server. */
export function checklistOf(ctx: DemoContext, kase: TCase): ChecklistRow {
  const kept = keptChecklist(ctx, kase.id);
  return kept ?? ctx.overlay.put<ChecklistRow>('checklists', fixtureChecklist(ctx, kase));
}

/** The checklist as it stands, without making it: for figures over many cases (the State dashboard). */
export function checklistAsItStands(ctx: DemoContext, kase: TCase): ChecklistRow {
  return keptChecklist(ctx, kase.id) ?? fixtureChecklist(ctx, kase);
}

function keptChecklist(ctx: DemoContext, caseId: string): ChecklistRow | undefined {
  return ctx.overlay.rows<ChecklistRow>('checklists').find((row) => row.id === caseId);
}

/** The demo's checklist of a case: its template's items, with the fixture's ticks. */
function fixtureChecklist(ctx: DemoContext, kase: TCase): ChecklistRow {
  const own = pickChecklistTemplate(liveTemplates(ctx), kase.caseType);
  const shipped = SHIPPED_CHECKLISTS[ctx.platform];
  const labels = own ? own.items : shipped.items;
  const index = caseIndexOf(kase.id);
  const ticks = index === null ? [] : DEMO_CHECKLIST_TICKS[ctx.platform].filter((t) => t.caseIndex === index);
  const items: TChecklistItem[] = labels.map((label, i) => {
    const t = ticks.find((x) => x.label === label);
    const doneAt = t ? new Date(ctx.anchor.getTime() - t.daysAgo * DAY_MS).toISOString() : null;
    return { id: `${kase.id}-chk-${i + 1}`, label, key: checklistItemKeyOf(label), done: Boolean(t), doneByName: t ? nameOf(ctx, t.by) ?? 'Former member' : null, doneAt, version: 1 };
  });
  return { id: kase.id, template: own ? own.name : shipped.name, items };
}

/** The conflict check item shows the check attached to the matter, as on the server. */
function withEvidence(ctx: DemoContext, caseId: string, items: TChecklistItem[]): TChecklistItem[] {
  const latest = checksOfCase(ctx, caseId)[0];
  if (!latest) return items;
  const adverse = latest.hits.filter((h) => h.adverse).length;
  const found = latest.hits.length === 0 ? 'no hits' : `${latest.hits.length} ${latest.hits.length === 1 ? 'hit' : 'hits'}, ${adverse} adverse`;
  const open = latest.unresolvedAdverse > 0 ? ` (${latest.unresolvedAdverse} not resolved)` : adverse > 0 ? ' (resolved)' : '';
  const evidence = { kind: 'conflict-check' as const, id: latest.id, summary: `Conflict check run ${formatSaDateTime(latest.runAt)} by ${latest.runByName}: ${found}${open}`, unresolvedAdverse: latest.unresolvedAdverse };
  return items.map((i) => (i.key === 'conflict-check' ? { ...i, evidence } : i));
}

const shown = (ctx: DemoContext, kase: TCase, row: ChecklistRow): TChecklist => ({ caseId: kase.id, template: row.template, items: withEvidence(ctx, kase.id, row.items), percent: checklistPercent(row.items) });

/** Ticks the item of `key` once, as a record does on the server (by whoever made the record). */
function autoTick(ctx: DemoContext, caseId: string, row: ChecklistRow, key: TChecklistItemKey, byName: string, at: string, why: string): ChecklistRow {
  const item = row.items.find((i) => i.key === key);
  if (!item || item.done || row.autoTicked?.includes(key)) return row;
  const next: TChecklistItem = { ...item, done: true, doneByName: byName, doneAt: at, version: item.version + 1 };
  appendEvent(ctx, caseId, 'checklist.ticked', `Ticked “${item.label}” on the checklist: ${why}`);
  return ctx.overlay.put<ChecklistRow>('checklists', { ...row, items: row.items.map((i) => (i.id === item.id ? next : i)), autoTicked: [...(row.autoTicked ?? []), key] });
}

function conflictTick(ctx: DemoContext, caseId: string, row: ChecklistRow): ChecklistRow {
  const checks = checksOfCase(ctx, caseId);
  if (checks.length === 0 || checks.some((c) => c.unresolvedAdverse > 0)) return row;
  const latest = checks[0]!;
  const lastResolved = latest.hits.flatMap((h) => (h.resolution ? [h.resolution] : [])).sort((a, b) => b.resolvedAt.localeCompare(a.resolvedAt))[0];
  return autoTick(ctx, caseId, row, 'conflict-check', lastResolved?.resolvedByName ?? latest.runByName, lastResolved?.resolvedAt ?? latest.runAt, 'conflict check recorded and attached');
}

/** A resolution on an attached check may complete it (procedures/conflict-checks.ts). */
export function syncDemoConflictItem(ctx: DemoContext, caseId: string): void {
  const kept = ctx.overlay.rows<ChecklistRow>('checklists').find((row) => row.id === caseId);
  if (kept) conflictTick(ctx, caseId, kept);
}

/** The records that tick items: an attached conflict check, a hospital record uploaded (the tab writes those itself). */
function syncAutoItems(ctx: DemoContext, kase: TCase, row: ChecklistRow): ChecklistRow {
  let next = conflictTick(ctx, kase.id, row);
  if (next.items.some((i) => i.key === 'hospital-records-received') && ctx.platform === 'medicolegal') {
    const first = [...demoHospitalRecords(ctx, kase.id).items].sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt))[0];
    if (first) next = autoTick(ctx, kase.id, next, 'hospital-records-received', first.uploadedByName ?? 'Former member', first.uploadedAt, 'hospital record uploaded');
  }
  return next;
}

function caseOfItem(ctx: DemoContext, itemId: string): TCase {
  const caseId = /^(.*)-chk-\d+$/.exec(itemId)?.[1];
  if (!caseId) throw notFound('Checklist item');
  try {
    return openCase(ctx, caseId);
  } catch (error) {
    if (error instanceof DemoError && error.code === 'NOT_FOUND') throw notFound('Checklist item');
    throw error;
  }
}

export const checklistsProcedures = {
  'checklists.get': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    feature: 'compliance',
    run: (ctx, input) => {
      const kase = openCase(ctx, input.id);
      return shown(ctx, kase, syncAutoItems(ctx, kase, checklistOf(ctx, kase)));
    },
  }),

  'checklists.tick': procedure({
    input: ZTickChecklistItemInput,
    capability: 'caseFile.write',
    feature: 'compliance',
    run: (ctx, input) => {
      const kase = caseOfItem(ctx, input.id);
      const row = checklistOf(ctx, kase);
      const item = row.items.find((i) => i.id === input.id);
      if (!item) throw notFound('Checklist item');
      if (input.expectedVersion !== undefined && input.expectedVersion !== item.version) throw new DemoError('CONFLICT', CHANGED, undefined, { current: item });
      if (item.done === input.done) return shown(ctx, kase, row);
      if (input.done && item.key === 'conflict-check') {
        const unresolved = checksOfCase(ctx, kase.id).reduce((n, c) => n + c.unresolvedAdverse, 0);
        if (unresolved > 0) throw new DemoError('CONFLICT', CONFLICT_CHECK_UNRESOLVED_MESSAGE(unresolved), { done: CONFLICT_CHECK_UNRESOLVED_MESSAGE(unresolved) });
      }
      const next: TChecklistItem = { ...item, done: input.done, doneByName: input.done ? myName(ctx) : null, doneAt: input.done ? ctx.nowIso() : null, version: item.version + 1 };
      const saved = ctx.overlay.put<ChecklistRow>('checklists', { ...row, items: row.items.map((i) => (i.id === item.id ? next : i)) });
      appendEvent(ctx, kase.id, 'checklist.ticked', `${input.done ? 'Ticked' : 'Unticked'} “${item.label}” on the checklist (${myName(ctx)})`);
      return shown(ctx, kase, saved);
    },
  }),

  'checklists.templates': procedure({
    input: null,
    capability: 'checklists.manage',
    feature: 'compliance',
    run: (ctx) => {
      const shipped = SHIPPED_CHECKLISTS[ctx.platform];
      return { items: liveTemplates(ctx).map(toTemplate), shipped: { key: shipped.key, name: shipped.name, items: [...shipped.items] } };
    },
  }),

  'checklists.saveTemplate': procedure({
    input: ZSaveChecklistTemplateInput,
    capability: 'checklists.manage',
    feature: 'compliance',
    run: (ctx, input) => {
      const seen = new Set<string>();
      const caseTypes = input.caseTypes.filter((c) => !seen.has(c.toLowerCase()) && Boolean(seen.add(c.toLowerCase())));
      if (!input.id) {
        return toTemplate(ctx.overlay.put<TemplateRow>('checklistTemplates', { id: ctx.newId(), name: input.name, caseTypes, items: input.items, version: 1, createdAt: ctx.nowIso() }));
      }
      const before = liveTemplates(ctx).find((t) => t.id === input.id);
      if (!before) throw notFound('Checklist template');
      if (input.expectedVersion === undefined) {
        const message = 'The version you edited is required to change a template';
        throw badRequest(message, { expectedVersion: message });
      }
      if (input.expectedVersion !== before.version) throw new DemoError('CONFLICT', TEMPLATE_CHANGED, undefined, { current: toTemplate(before) });
      return toTemplate(ctx.overlay.put<TemplateRow>('checklistTemplates', { ...before, name: input.name, caseTypes, items: input.items, version: before.version + 1 }));
    },
  }),

  'checklists.deleteTemplate': procedure({
    input: ZDeleteChecklistTemplateInput,
    capability: 'checklists.manage',
    feature: 'compliance',
    run: (ctx, input) => {
      const before = liveTemplates(ctx).find((t) => t.id === input.id);
      if (!before) throw notFound('Checklist template');
      ctx.overlay.put<TemplateRow>('checklistTemplates', { ...before, deleted: true });
      return toTemplate(before);
    },
  }),

} satisfies Partial<DemoProcedures>;
