import { ICD10_STARTER_CODES } from '../../src/shared/icd10-starter';

// A CSV in the shape of the Council for Medical Schemes' ICD-10 Master Industry Table, for tests and
// the bench: there is no network here to fetch the real file. It holds the starter list's real codes
// and descriptions, then synthetic codes A00.0–Z99.9 (the ones the starter list lacks) with made-up
// descriptions built from a medical vocabulary, ~41,000 rows like the real MIT, including category
// headings (three-character codes with subdivisions) that are not valid for clinical use.

export const MIT_HEADER = [
  'Number', 'Chapter_No', 'Chapter_Desc', 'Group_Code', 'Group_Desc', 'ICD10_3_Code', 'ICD10_3_Code_Desc', 'ICD10_Code', 'WHO_Full_Desc',
  'Valid_ICD10_ClinicalUse', 'Valid_ICD10_Primary', 'Valid_ICD10_Asterisk', 'Valid_ICD10_Dagger', 'Valid_ICD10_Sequelae', 'Age_Range', 'Gender',
  'Status', 'WHO_Start_date', 'WHO_End_date', 'WHO_Revision_History', 'SA_Start_Date', 'SA_End_Date', 'SA_Revision_History',
];

const SITES = ['heart', 'lung', 'liver', 'kidney', 'skin', 'bone', 'joint', 'eye', 'ear', 'bowel', 'stomach', 'bladder', 'brain', 'spine', 'thyroid', 'pancreas', 'uterus', 'prostate', 'breast', 'muscle'];
const CONDITIONS = ['inflammation', 'infection', 'injury', 'neoplasm', 'disorder', 'degeneration', 'obstruction', 'haemorrhage', 'malformation', 'insufficiency', 'abscess', 'ulcer', 'stenosis', 'fibrosis', 'cyst'];
const QUALIFIERS = ['acute', 'chronic', 'recurrent', 'congenital', 'traumatic', 'unspecified', 'bilateral', 'left', 'right', 'severe'];

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export interface MitRow {
  code: string;
  description: string;
  clinical: boolean;
  primary: boolean;
}

/** ~41,000 rows: every letter × ~100 categories × (heading + 10 subdivisions, most with a fifth character), plus the starter codes. */
export function mitRows(): MitRow[] {
  const starter = new Map(ICD10_STARTER_CODES.map((c) => [c.code, c.description]));
  const rows: MitRow[] = [];
  for (let letter = 0; letter < 26; letter++) {
    const L = String.fromCharCode(65 + letter);
    for (let category = 0; category < 100; category++) {
      if ((letter * 100 + category) % 25 === 24) continue; // gaps, as the real table has
      const three = `${L}${String(category).padStart(2, '0')}`;
      const site = SITES[(letter + category) % SITES.length]!;
      const condition = CONDITIONS[(letter * 7 + category) % CONDITIONS.length]!;
      const heading = starter.get(three) ?? `${condition[0]!.toUpperCase()}${condition.slice(1)} of ${site}`;
      const subdivided = ![...starter.keys()].some((c) => c === three);
      rows.push({ code: three, description: heading, clinical: !subdivided, primary: !/^[V-Y]/.test(three) });
      if (!subdivided) continue;
      for (let sub = 0; sub < 10; sub++) {
        const code = `${three}.${sub}`;
        const qualifier = QUALIFIERS[(sub + category + letter) % QUALIFIERS.length]!;
        const description = starter.get(code) ?? `${qualifier[0]!.toUpperCase()}${qualifier.slice(1)} ${condition} of ${site}, type ${sub + 1}`;
        rows.push({ code, description, clinical: true, primary: !/^[V-Y]/.test(code) });
        // A fifth character on most subdivisions (as injuries and neoplasms have in the MIT).
        if (!starter.has(code) && (sub + category) % 5 < 3) rows.push({ code: `${code}1`, description: `${description}, with complication`, clinical: true, primary: !/^[V-Y]/.test(code) });
      }
    }
  }
  const present = new Set(rows.map((r) => r.code));
  for (const c of ICD10_STARTER_CODES) if (!present.has(c.code)) rows.push({ code: c.code, description: c.description, clinical: true, primary: !/^[V-Y]/.test(c.code) });
  return rows;
}

/** The rows as MIT CSV text (with a byte-order mark, as Excel exports it). */
export function mitCsv(rows: readonly MitRow[] = mitRows()): string {
  const lines = [MIT_HEADER.join(',')];
  rows.forEach((r, i) => {
    const values: Record<string, string> = {
      Number: String(i + 1),
      ICD10_3_Code: r.code.slice(0, 3),
      ICD10_Code: r.code,
      WHO_Full_Desc: r.description,
      Valid_ICD10_ClinicalUse: r.clinical ? 'Y' : 'N',
      Valid_ICD10_Primary: r.primary ? 'Y' : 'N',
      Status: 'Active',
      SA_Start_Date: '2014-07-01',
    };
    lines.push(MIT_HEADER.map((h) => quote(values[h] ?? '')).join(','));
  });
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
