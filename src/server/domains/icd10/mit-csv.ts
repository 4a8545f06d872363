import { AppError } from '../../errors';
import { ICD10_CODE_PATTERN, normalizeIcd10Code } from '../../../shared/domain/icd10';
import type { Icd10Entry } from '../../../shared/icd10-search';

// The Council for Medical Schemes publishes the South African ICD-10 Master Industry Table (MIT) as
// a spreadsheet and CSV with one row per code. The columns read here are the code (ICD10_Code), its
// WHO description (WHO_Full_Desc), whether it may be used clinically (Valid_ICD10_ClinicalUse: Y/N
// — three-character category headings that have subdivisions are N) and whether it may be the
// primary diagnosis (Valid_ICD10_Primary: external causes V01–Y98 and asterisk codes are N). Other
// columns (chapter, group, dagger/asterisk, age and gender edits, WHO and SA dates) are ignored.
// Headers are matched case-insensitively; a UTF-8 byte-order mark and quoted fields are tolerated.

export const MIT_REQUIRED_COLUMNS = ['ICD10_Code', 'WHO_Full_Desc'] as const;
const CLINICAL_USE = 'valid_icd10_clinicaluse';
const PRIMARY = 'valid_icd10_primary';

/** Splits RFC 4180 CSV into rows: quoted fields may hold commas, doubled quotes and line breaks. */
export function* csvRows(text: string): Generator<string[]> {
  let field = '';
  let row: string[] = [];
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      yield row;
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}

const yes = (value: string | undefined) => /^(y|yes|true|1)$/i.test((value ?? '').trim());

export interface ParsedMit {
  codes: Icd10Entry[];
  skipped: number;
}

/** The codes of an MIT CSV valid for clinical use; a file without the needed columns is a 400 on `file`. */
export function parseMitCsv(text: string, fileName: string): ParsedMit {
  const rows = csvRows(text);
  const header = rows.next();
  const columns = header.done ? [] : header.value.map((h) => h.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name.toLowerCase());
  const codeAt = at('ICD10_Code');
  const descriptionAt = at('WHO_Full_Desc');
  if (codeAt < 0 || descriptionAt < 0) {
    const message = `${fileName || 'The file'} is not an ICD-10 Master Industry Table: it needs the columns ${MIT_REQUIRED_COLUMNS.join(' and ')}`;
    throw new AppError('BAD_REQUEST', message, { file: message });
  }
  const clinicalAt = at(CLINICAL_USE);
  const primaryAt = at(PRIMARY);
  const byCode = new Map<string, Icd10Entry>();
  let skipped = 0;
  for (const row of rows) {
    if (row.length === 1 && row[0]!.trim() === '') continue; // a blank line
    const code = normalizeIcd10Code(row[codeAt] ?? '');
    const description = (row[descriptionAt] ?? '').trim();
    const clinical = clinicalAt < 0 || yes(row[clinicalAt]);
    if (!clinical || !ICD10_CODE_PATTERN.test(code) || !description || byCode.has(code)) {
      skipped++;
      continue;
    }
    byCode.set(code, { code, description: description.slice(0, 500), validPrimary: primaryAt < 0 || yes(row[primaryAt]) });
  }
  if (byCode.size === 0) {
    const message = `${fileName || 'The file'} holds no ICD-10 code valid for clinical use`;
    throw new AppError('BAD_REQUEST', message, { file: message });
  }
  return { codes: [...byCode.values()], skipped };
}
