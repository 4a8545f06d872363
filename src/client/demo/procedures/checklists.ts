import {
  SHIPPED_CHECKLISTS,
  type TChecklist,
  type TChecklistItem,
  type TChecklistTemplate,
  ZDeleteChecklistTemplateInput,
  ZSaveChecklistTemplateInput,
  ZTickChecklistItemInput,
  checklistPercent,
  pickChecklistTemplate,
} from '../../../shared/domain/checklists';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import type { TCase } from '../../../shared/domain/cases';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError, badRequest, notFound } from '../demo-error';
import { DEMO_CHECKLIST_TEMPLATES, DEMO_CHECKLIST_TICKS } from '../fixtures/checklists';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase } from './case-file-state';

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
  const kept = ctx.overlay.rows<ChecklistRow>('checklists').find((row) => row.id === kase.id);
  if (kept) return kept;
  const own = pickChecklistTemplate(liveTemplates(ctx), kase.caseType);
  const shipped = SHIPPED_CHECKLISTS[ctx.platform];
  const labels = own ? own.items : shipped.items;
  const index = caseIndexOf(kase.id);
  const ticks = index === null ? [] : DEMO_CHECKLIST_TICKS[ctx.platform].filter((t) => t.caseIndex === index);
  const items: TChecklistItem[] = labels.map((label, i) => {
    const t = ticks.find((x) => x.label === label);
    const doneAt = t ? new Date(ctx.anchor.getTime() - t.daysAgo * DAY_MS).toISOString() : null;
    return { id: `${kase.id}-chk-${i + 1}`, label, done: Boolean(t), doneByName: t ? nameOf(ctx, t.by) ?? 'Former member' : null, doneAt, version: 1 };
  });
  return ctx.overlay.put<ChecklistRow>('checklists', { id: kase.id, template: own ? own.name : shipped.name, items });
}

const shown = (kase: TCase, row: ChecklistRow): TChecklist => ({ caseId: kase.id, template: row.template, items: row.items, percent: checklistPercent(row.items) });

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
      return shown(kase, checklistOf(ctx, kase));
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
      if (item.done === input.done) return shown(kase, row);
      const next: TChecklistItem = { ...item, done: input.done, doneByName: input.done ? myName(ctx) : null, doneAt: input.done ? ctx.nowIso() : null, version: item.version + 1 };
      const saved = ctx.overlay.put<ChecklistRow>('checklists', { ...row, items: row.items.map((i) => (i.id === item.id ? next : i)) });
      appendEvent(ctx, kase.id, 'checklist.ticked', `${input.done ? 'Ticked' : 'Unticked'} “${item.label}” on the checklist (${myName(ctx)})`);
      return shown(kase, saved);
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
