import { AppError } from '../../errors';
import { randToCents } from '../billing-codes/codes-csv';
import { csvRows } from '../icd10/mit-csv';

// A scheme's remittance as CSV (issue 33, decision 0061), one row per paid line:
//   account,line,paid,reason_code,reason
//   1042,1,520.00,,
//   1042,2,310.50,05,Paid at scheme rate
// account is the account number, line the line's position on it (as on the account PDF), paid rand
// with up to two decimals; reason_code and reason optional. The header row is optional. A bad row
// refuses the whole file naming its line; nothing is captured. At most REMITTANCE_CSV_MAX_CHARS, so
// it is parsed in the request (a few milliseconds) rather than in a file worker.

export const REMITTANCE_CSV_MAX_CHARS = 512 * 1024;
const RAND = /^\d{1,9}(\.\d{1,2})?$/;

export interface TRemittanceCsvRow {
  accountNumber: number;
  position: number;
  paidCents: number;
  reasonCode?: string;
  reason?: string;
}

function refuse(message: string): never {
  throw new AppError('BAD_REQUEST', message, { csv: message });
}

export function parseRemittanceCsv(text: string): TRemittanceCsvRow[] {
  const rows: TRemittanceCsvRow[] = [];
  let line = 0;
  for (const row of csvRows(text)) {
    line++;
    const cells = row.map((c) => c.trim());
    if (cells.length === 1 && cells[0] === '') continue;
    if (line === 1 && cells[0]!.toLowerCase() === 'account') continue;
    const [account = '', position = '', paid = '', reasonCode = '', reason = ''] = cells;
    if (cells.length < 3 || cells.length > 5) refuse(`Line ${line}: expected account,line,paid,reason_code,reason`);
    if (!/^\d{1,9}$/.test(account)) refuse(`Line ${line}: "${account.slice(0, 20)}" is not an account number`);
    if (!/^\d{1,4}$/.test(position)) refuse(`Line ${line}: "${position.slice(0, 20)}" is not a line number`);
    if (!RAND.test(paid)) refuse(`Line ${line}: paid "${paid.slice(0, 20)}" is not an amount in rand like 520.00`);
    rows.push({ accountNumber: Number(account), position: Number(position), paidCents: randToCents(paid), reasonCode: reasonCode.slice(0, 20) || undefined, reason: reason.slice(0, 200) || undefined });
  }
  if (rows.length === 0) refuse('The file holds no remittance lines');
  return rows;
}
