import { z } from 'zod';
import { dayKey } from '../calendar';

// The hospital records a medicolegal case received (issue 22), shown and downloaded as one indexed,
// paginated bundle as the Gauteng CaseLines practice directives ask: an index first, then every
// file's pages, one continuous page number across the whole bundle.
//
// The rules the list, the bundle PDF and the screen share (so all three show the same numbers):
// - Order: by the first day the records cover (recordsFrom), then by upload time, then by id — the
//   chronology of the claimant's treatment, stable when two files start the same day.
// - Pagination: the index pages are part of the bundle and numbered too (CaseLines paginates the
//   whole bundle, index included), so the first file starts on the page after the index. With up to
//   INDEX_ROWS_FIRST_PAGE files the index is one page and three files of 3, 2 and 4 pages run 2–4,
//   5–6 and 7–10 of 10.

export const HOSPITAL_RECORD_TYPE = 'hospital_record';
/** The kinds a hospital record may be: a PDF (its pages), or a scanned page as an image (one page). */
export const HOSPITAL_RECORD_KINDS = ['pdf', 'png', 'jpeg'] as const;
export const HOSPITAL_RECORD_ACCEPT = '.pdf,.png,.jpg,.jpeg';
export const HOSPITAL_RECORD_TYPES_TEXT = 'PDF, PNG or JPEG';
export const SOURCE_FACILITY_MAX = 160;
/**
 * Pages a hospital record's PDF may have, and the pages of all a case's records together (decision
 * 0043): a bundle within them is built in seconds; a 5,000-page file of 67 KB took 3.9 s alone.
 */
export const HOSPITAL_RECORD_MAX_PAGES = 2_000;
export const HOSPITAL_BUNDLE_MAX_PAGES = 10_000;

/** Index rows on the first index page (under the title block) and on each further one. */
export const INDEX_ROWS_FIRST_PAGE = 12;
export const INDEX_ROWS_PER_PAGE = 16;

/** How many index pages a bundle of `files` files has (at least one, even for an empty bundle). */
export function indexPageCount(files: number): number {
  if (files <= INDEX_ROWS_FIRST_PAGE) return 1;
  return 1 + Math.ceil((files - INDEX_ROWS_FIRST_PAGE) / INDEX_ROWS_PER_PAGE);
}

export interface PageRange {
  firstPage: number;
  lastPage: number;
}

/** Continuous bundle page ranges of files with these page counts, in bundle order, after the index. */
export function bundlePageRanges(pageCounts: readonly number[]): { ranges: PageRange[]; indexPages: number; totalPages: number } {
  const indexPages = indexPageCount(pageCounts.length);
  let next = indexPages + 1;
  const ranges = pageCounts.map((pages) => {
    const range = { firstPage: next, lastPage: next + pages - 1 };
    next += pages;
    return range;
  });
  return { ranges, indexPages, totalPages: next - 1 };
}

/** "2–4", or "5" for a one-page file. */
export const formatPageRange = (range: PageRange) => (range.firstPage === range.lastPage ? String(range.firstPage) : `${range.firstPage}–${range.lastPage}`);

const isCalendarDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const recordsDay = (label: string) =>
  z
    .string(`${label} is required (YYYY-MM-DD)`)
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDay, `${label} must be a real calendar day`)
    // Records cannot cover days that have not happened yet (South African calendar day).
    .refine((v) => v <= dayKey(), `${label} cannot be in the future`);

/** The text fields of the multipart upload; the file is checked on the server (a readable PDF or image). */
export const ZHospitalRecordFields = z
  .object({
    sourceFacility: z
      .string('Source facility is required')
      .trim()
      .min(1, 'Source facility is required')
      .max(SOURCE_FACILITY_MAX, `Source facility must be at most ${SOURCE_FACILITY_MAX} characters`),
    recordsFrom: recordsDay('Records from'),
    recordsTo: recordsDay('Records to'),
  })
  .refine((v) => v.recordsFrom <= v.recordsTo, { path: ['recordsTo'], message: 'Records to must be on or after records from' });
export type THospitalRecordFields = z.infer<typeof ZHospitalRecordFields>;

export const ZHospitalRecord = z.object({
  documentId: z.string(),
  fileName: z.string(),
  sourceFacility: z.string(),
  recordsFrom: z.string(),
  recordsTo: z.string(),
  pages: z.number().int(),
  sha256: z.string(),
  /** Where the file runs in the bundle: continuous page numbers, after the index pages. */
  firstPage: z.number().int(),
  lastPage: z.number().int(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});
export type THospitalRecord = z.infer<typeof ZHospitalRecord>;

export const ZHospitalRecordList = z.object({
  items: z.array(ZHospitalRecord),
  /** Index pages at the front of the bundle (numbered too). */
  indexPages: z.number().int(),
  /** Pages of the whole bundle, index included. */
  totalPages: z.number().int(),
});
export type THospitalRecordList = z.infer<typeof ZHospitalRecordList>;

export const hospitalRecordsUrl = (caseId: string) => `/api/patient-cases/${encodeURIComponent(caseId)}/hospital-records`;
export const hospitalRecordsBundleUrl = (caseId: string) => `${hospitalRecordsUrl(caseId)}/bundle.pdf`;

/** Orders records as the bundle does (see the rules above). */
export function compareBundleOrder(a: { recordsFrom: string; uploadedAt: string; documentId: string }, b: { recordsFrom: string; uploadedAt: string; documentId: string }): number {
  return a.recordsFrom.localeCompare(b.recordsFrom) || a.uploadedAt.localeCompare(b.uploadedAt) || a.documentId.localeCompare(b.documentId);
}
