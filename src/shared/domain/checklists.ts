import { z } from 'zod';
import { requiredText } from './cases';
import { ZExpectedVersion } from './litigation-common';
import type { TPlatform } from '../platform';

// Compliance checklists (issue 20): per case type, ticked by named people with dates, shown as a
// percentage on the case. Shipped templates per platform below; an Administrator's own templates
// (checklist_templates) take their place for the case types they name.
// GET /api/patient-cases/{id}/checklist, PATCH /api/checklist-items/{id}.

export interface ShippedChecklist {
  key: string;
  name: string;
  items: readonly string[];
  /**
   * Items that tick themselves from a record (issue 32, decision 0055), by stable key → the item's
   * label in `items`. A case's item keeps its key (checklist_items.item_key) when the label is reworded.
   */
  keyed?: Partial<Record<TChecklistItemKey, string>>;
}

// Items a record ticks: a conflict check attached to the matter with no adverse hit unresolved; a
// hospital record uploaded to the case. A tick by hand of the first is refused while an adverse hit
// of an attached check is unresolved.
export const CHECKLIST_ITEM_KEYS = ['conflict-check', 'hospital-records-received'] as const;
export type TChecklistItemKey = (typeof CHECKLIST_ITEM_KEYS)[number];
export const CONFLICT_CHECK_ITEM = 'Conflict check run and recorded';
export const HOSPITAL_RECORDS_RECEIVED_ITEM = 'Hospital records received';
/** The State unit's first item: the claimant's notice under s3 of Act 40 of 2002, received and assessed. */
export const S3_NOTICE_ASSESSED_ITEM = 'Notice in terms of s3 of Act 40 of 2002 received and assessed (in time, complete)';

/** The key of a template item: a shipped template's keyed label, or (an organisation's own template) the same words. */
export function checklistItemKeyOf(label: string): TChecklistItemKey | null {
  const wanted = label.trim().toLowerCase();
  for (const shipped of Object.values(SHIPPED_CHECKLISTS)) {
    for (const [key, keyed] of Object.entries(shipped.keyed ?? {})) if (keyed.trim().toLowerCase() === wanted) return key as TChecklistItemKey;
  }
  return null;
}

export const SHIPPED_CHECKLISTS: Record<TPlatform, ShippedChecklist> = {
  medicolegal: {
    key: 'shipped-medicolegal',
    // Written from the State's side (issue 32): the medicolegal platform's organisations defend the
    // claims brought against the province's health department.
    name: 'Medical negligence claim against the State',
    items: [
      S3_NOTICE_ASSESSED_ITEM,
      'Condonation: decided whether to oppose, decision recorded',
      'Mandate from the Head of Department obtained',
      'Hospital records requested from the facility',
      HOSPITAL_RECORDS_RECEIVED_ITEM,
      'Plea, special pleas and Rule 41A notice delivered',
      'Merits expert appointed and report received',
      'Quantum experts appointed and reports received',
      'Settlement mandate obtained, or trial instructed',
      'Form 10 trial-readiness certificate filed',
    ],
    keyed: { 'hospital-records-received': HOSPITAL_RECORDS_RECEIVED_ITEM },
  },
  legal: {
    key: 'shipped-legal',
    name: 'New client matter',
    items: [CONFLICT_CHECK_ITEM, 'Engagement letter signed', 'FICA documents received and verified'],
    keyed: { 'conflict-check': CONFLICT_CHECK_ITEM },
  },
  healthcare: {
    key: 'shipped-healthcare',
    name: 'Admission compliance',
    items: ['Informed consent signed', 'POPIA notice given to the patient'],
  },
};

export const CHECKLIST_ITEMS_MAX = 50;

export const ZChecklistItem = z.object({
  id: z.string(),
  label: z.string(),
  /** Set on an item a record ticks (CHECKLIST_ITEM_KEYS). */
  key: z.enum(CHECKLIST_ITEM_KEYS).nullable().optional(),
  /** What ticked it, or what holds it open: the attached conflict check (its id and a line to show). */
  evidence: z.object({ kind: z.literal('conflict-check'), id: z.string(), summary: z.string(), unresolvedAdverse: z.number() }).nullable().optional(),
  done: z.boolean(),
  doneByName: z.string().nullable(),
  doneAt: z.string().nullable(),
  version: z.number(),
});
export type TChecklistItem = z.infer<typeof ZChecklistItem>;

export const ZChecklist = z.object({
  caseId: z.string(),
  /** The template's name. */
  template: z.string(),
  items: z.array(ZChecklistItem),
  /** Whole percent of items done, rounded down so 100 means every item is done (0 with no items). */
  percent: z.number(),
});
export type TChecklist = z.infer<typeof ZChecklist>;

/** Whole percent done, rounded down: 100 only when every item is ticked. */
export function checklistPercent(items: readonly { done: boolean }[]): number {
  if (items.length === 0) return 0;
  return Math.floor((items.filter((i) => i.done).length * 100) / items.length);
}

export const ZTickChecklistItemInput = z.object({
  id: z.string().trim().min(1).max(64),
  done: z.boolean({ error: 'Done must be true or false' }),
  expectedVersion: ZExpectedVersion.optional(),
});
export type TTickChecklistItemInput = z.infer<typeof ZTickChecklistItemInput>;

export const ZChecklistTemplate = z.object({
  id: z.string(),
  name: z.string(),
  caseTypes: z.array(z.string()),
  items: z.array(z.string()),
  version: z.number(),
});
export type TChecklistTemplate = z.infer<typeof ZChecklistTemplate>;

export const ZSaveChecklistTemplateInput = z.object({
  /** Omitted to create one. */
  id: z.string().trim().max(64).optional(),
  name: requiredText('Name is required', 120),
  caseTypes: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  items: z.array(requiredText('An item cannot be blank', 300)).min(1, 'A checklist needs at least one item').max(CHECKLIST_ITEMS_MAX, `At most ${CHECKLIST_ITEMS_MAX} items`),
  expectedVersion: ZExpectedVersion.optional(),
});
export type TSaveChecklistTemplateInput = z.infer<typeof ZSaveChecklistTemplateInput>;

export const ZDeleteChecklistTemplateInput = z.object({ id: z.string().trim().min(1).max(64) });
export type TDeleteChecklistTemplateInput = z.infer<typeof ZDeleteChecklistTemplateInput>;

/** GET /api/checklist-templates: the organisation's own templates, and the platform's shipped default. */
export const ZChecklistTemplates = z.object({
  items: z.array(ZChecklistTemplate),
  shipped: z.object({ key: z.string(), name: z.string(), items: z.array(z.string()) }),
});
export type TChecklistTemplates = z.infer<typeof ZChecklistTemplates>;

/**
 * The template a case of `caseType` gets: an organisation template naming the case type (without
 * regard to case; the oldest first), else one that names no case type (it applies to every case),
 * else the platform's shipped one. Shared by the server and demo mode.
 */
export function pickChecklistTemplate<T extends { caseTypes: readonly string[]; createdAt: string }>(templates: readonly T[], caseType: string | null | undefined): T | null {
  const wanted = (caseType ?? '').trim().toLowerCase();
  const byAge = [...templates].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const named = byAge.find((t) => wanted !== '' && t.caseTypes.some((c) => c.trim().toLowerCase() === wanted));
  return named ?? byAge.find((t) => t.caseTypes.length === 0) ?? null;
}
