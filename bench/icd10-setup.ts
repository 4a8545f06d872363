import { mitCsv } from '../db/seed/icd10-mit-csv';

// The ICD-10 search rows of the bench (issue 22): the organisation imports the full synthetic MIT
// (~41,000 codes, db/seed/icd10-mit-csv.ts — there is no network to fetch the real file), then
// GET /api/icd10?search= is measured by words and by code. Target: under 10 ms p50 alone.

export const ICD10_SEARCHES: Array<[what: string, query: string]> = [
  ['words', 'diabetes type 2'],
  ['a common word', 'chronic'],
  ['a code prefix', 'E11'],
  ['a full code', 'I10'],
];

export const icd10SearchPath = (query: string) => `/api/icd10?search=${encodeURIComponent(query)}`;

/** Uploads the full synthetic MIT as the signed-in Administrator; answers {imported, skipped}. */
export async function importFullMit(origin: string, headers: Record<string, string>): Promise<{ imported: number; skipped: number }> {
  const body = new FormData();
  body.append('file', new Blob([mitCsv()], { type: 'text/csv' }), 'MIT_synthetic.csv');
  const res = await fetch(`${origin}/api/icd10/import`, { method: 'POST', headers, body });
  if (!res.ok) throw new Error(`ICD-10 import: ${res.status} ${await res.text()}`);
  return (await res.json()) as { imported: number; skipped: number };
}
