import { AppError } from '../../errors';
import type { TBillingCode } from '../../../shared/domain/medical-accounts';
import { csvRows } from '../icd10/mit-csv';

// The practice's own tariff or NAPPI list as CSV (issue 33, decision 0061): one row per code,
//   code,description,price,needs_authorisation
//   0190,"Consultation, low complexity",520.00,N
// The header row is optional (recognised by a first cell `code`). price is in rand with up to two
// decimals (no currency sign, no thousands separators); needs_authorisation is Y/N (yes/no, true/false,
// 1/0; empty is N). A bad row refuses the whole file with a 400 on `file` naming its line — nothing of
// the file is imported. Runs in a file worker (decision 0043): up to 10 MB of text.

export const BILLING_CODE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const CODE = /^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/;
const PRICE = /^\d{1,9}(\.\d{1,2})?$/;
const YES = /^(y|yes|true|1)$/i;
const NO = /^(n|no|false|0|)$/i;

function refuse(message: string): never {
  throw new AppError('BAD_REQUEST', message, { file: message });
}

/** Rand like 520.00 or 520.5 or 520 → cents, in integers (no float). */
export function randToCents(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function parseBillingCodesCsv(text: string, fileName: string): TBillingCode[] {
  const name = fileName || 'The file';
  const codes = new Map<string, TBillingCode>();
  let line = 0;
  for (const row of csvRows(text)) {
    line++;
    if (row.length === 1 && row[0]!.trim() === '') continue;
    const cells = row.map((c) => c.trim());
    if (line === 1 && cells[0]!.toLowerCase() === 'code') continue;
    const [code = '', description = '', price = '', auth = ''] = cells;
    const at = `${name}, line ${line}`;
    if (cells.length < 3 || cells.length > 4) refuse(`${at}: expected code,description,price,needs_authorisation`);
    if (!CODE.test(code)) refuse(`${at}: "${code.slice(0, 30)}" is not a code (letters and digits, at most 20)`);
    if (description === '') refuse(`${at}: the description of ${code} is empty`);
    if (!PRICE.test(price)) refuse(`${at}: price "${price.slice(0, 30)}" is not an amount in rand like 520.00`);
    if (!YES.test(auth) && !NO.test(auth)) refuse(`${at}: needs_authorisation "${auth.slice(0, 30)}" is not Y or N`);
    if (codes.has(code)) refuse(`${at}: ${code} appears twice`);
    codes.set(code, { code, description: description.slice(0, 300), priceCents: randToCents(price), needsAuthorisation: YES.test(auth) });
  }
  if (codes.size === 0) refuse(`${name} holds no codes`);
  return [...codes.values()];
}
