// A case's own reference number (issue 18): human-readable, unique per organisation, searchable —
// "TCH-2026-00123": the organisation's prefix, the year the case was opened (South African time)
// and a number counted per organisation and year.

const SKIPPED_WORDS = new Set(['of', 'and', 'the', 'for']);

/** Up to four capitals from the organisation's name: "Tshwane Central Hospital" → "TCH". */
export function referencePrefixOf(organizationName: string): string {
  const initials = organizationName
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0 && !SKIPPED_WORDS.has(word.toLowerCase()))
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (initials || 'CASE').slice(0, 4);
}

export function formatCaseReference(prefix: string, year: number, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(5, '0')}`;
}

/** A search term that looks like a reference (or its start): TCH-2026-001, tch-2026. */
export const CASE_REFERENCE_PATTERN = /^[A-Za-z0-9]{1,4}-\d{4}(-\d{0,5})?$/;
