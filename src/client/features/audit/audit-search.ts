import type { TAuditAction, TAuditEntityType } from '../../../shared/domain/audit';
import { ACTION_LABELS, ENTITY_LABELS } from './audit-labels';

// The Audit screen's filters live in the URL (?entityType=case&page=2 …) so a view can be reloaded,
// bookmarked and sent to a colleague. Checked by hand rather than with zod: route files load with
// the first page, and the first-visit budget has no room for zod — so nothing here may import a
// value from shared/domain/audit.ts (its schemas pull zod in); the label tables, typed as complete
// records of the codes, stand in for its lists.

export interface AuditSearch {
  userId?: string;
  entityType?: TAuditEntityType;
  action?: TAuditAction;
  from?: string;
  to?: string;
  organizationId?: string;
  page?: number;
  /** The first page's reading, so later pages do not shift as new entries arrive. */
  untilSeq?: number;
  /** Issue 32: show every entry; by default one person's list reads of a screen visit are one row. */
  every?: true;
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
const isCode = <K extends string>(labels: Record<K, string>, v: unknown): v is K => typeof v === 'string' && Object.hasOwn(labels, v);
const positive = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/** Lenient: an unknown or malformed value is dropped, not an error page. */
export function validateAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const search: AuditSearch = {};
  if (isId(raw.userId)) search.userId = raw.userId;
  if (isCode(ENTITY_LABELS, raw.entityType)) search.entityType = raw.entityType;
  if (isCode(ACTION_LABELS, raw.action)) search.action = raw.action;
  if (isDay(raw.from)) search.from = raw.from;
  if (isDay(raw.to)) search.to = raw.to;
  if (isId(raw.organizationId)) search.organizationId = raw.organizationId;
  const page = positive(raw.page);
  if (page && page > 1) search.page = page;
  const until = positive(raw.untilSeq);
  if (until && search.page) search.untilSeq = until;
  if (raw.every === true || raw.every === 'true' || raw.every === 1 || raw.every === '1') search.every = true;
  return search;
}

/** The filters alone (no page), as a query string for the CSV export. */
export function filterQuery(search: AuditSearch): string {
  const params = new URLSearchParams();
  for (const key of ['userId', 'entityType', 'action', 'from', 'to', 'organizationId'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
