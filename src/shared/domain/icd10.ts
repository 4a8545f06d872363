import { z } from 'zod';

// ICD-10 codes (issue 22): an organisation's code list is the South African ICD-10 Master Industry
// Table (MIT) it imported at /settings, or the starter list in src/shared/icd10-starter.ts until it
// does. Diagnoses on an encounter are validated against that list.

export const ICD10_SEARCH_LIMIT = 20;
/** The MIT is ~10 MB as published; twice that leaves room for a wider export without inviting abuse. */
export const ICD10_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const ICD10_IMPORT_URL = '/api/icd10/import';

/** An ICD-10 code as written: a letter, two digits, and an optional dot with up to two characters. */
export const ICD10_CODE_PATTERN = /^[A-Z][0-9]{2}(\.[0-9A-Z]{1,2})?$/;

export const ZIcd10Code = z.object({ code: z.string(), description: z.string() });
export type TIcd10Code = z.infer<typeof ZIcd10Code>;

export const ZIcd10SearchInput = z.object({ search: z.string().trim().max(100, 'Must be at most 100 characters').default('') });
export type TIcd10SearchInput = z.infer<typeof ZIcd10SearchInput>;

export const ZIcd10SearchResult = z.object({ items: z.array(ZIcd10Code) });
export type TIcd10SearchResult = z.infer<typeof ZIcd10SearchResult>;

export const ZIcd10ListStatus = z.object({
  source: z.enum(['starter', 'imported']),
  codeCount: z.number().int(),
  fileName: z.string().nullable(),
  importedAt: z.string().nullable(),
  importedByName: z.string().nullable(),
});
export type TIcd10ListStatus = z.infer<typeof ZIcd10ListStatus>;

export const ZIcd10ImportResult = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type TIcd10ImportResult = z.infer<typeof ZIcd10ImportResult>;

/** Codes are compared as the MIT writes them: upper case, no spaces. */
export const normalizeIcd10Code = (code: string): string => code.trim().toUpperCase().replace(/\s+/g, '');
