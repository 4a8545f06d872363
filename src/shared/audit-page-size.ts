// Apart from domain/audit.ts (whose schemas pull zod in) so the audit route's loader, which loads
// with the first page, can name it (decision 0048's "data with the route").
export const AUDIT_PAGE_SIZE_DEFAULT = 50;
