import { AUDIT_PAGE_SIZE_DEFAULT } from '../../../shared/audit-page-size';
import type { Trpc } from '../../trpc';
import type { AuditSearch } from './audit-search';

// What /audit reads for its filters in the URL, shared by the screen and its route's loader (which
// loads with the first page: no zod here) so both use one cache entry.

// Issue 32: folded (a screen visit's list reads are one row) unless the URL asks for every entry.
export const auditListQuery = (trpc: Trpc, { every, ...filters }: AuditSearch) =>
  trpc.audit.list.queryOptions({ ...filters, page: filters.page ?? 1, pageSize: AUDIT_PAGE_SIZE_DEFAULT, fold: !every });

export const auditActorsQuery = (trpc: Trpc, search: AuditSearch) => trpc.audit.actors.queryOptions({ organizationId: search.organizationId });
