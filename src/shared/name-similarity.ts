// Name similarity for the duplicate and conflict check (issue 19): pg_trgm's measure, computed the
// same way on both databases. Each word is padded ("  thabo ") and cut into 3-letter pieces; the
// similarity is shared pieces / all distinct pieces (0 … 1). "Thabo Mokoena" and "Thabo Mokwena"
// score about 0.6; unrelated names under 0.2.

export const NAME_SIMILARITY_THRESHOLD = 0.45;

function trigrams(name: string): Set<string> {
  const grams = new Set<string>();
  const words = name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter(Boolean);
  for (const word of words) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

export function nameSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared += 1;
  return shared / (x.size + y.size - shared);
}
