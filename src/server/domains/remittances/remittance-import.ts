import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../../db/schema';
import type { TRemittanceView } from '../../../shared/domain/account-wire';
import { ZRemittanceInput } from '../../../shared/domain/medical-accounts';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { parseRemittanceCsv, REMITTANCE_CSV_MAX_CHARS } from './remittance-csv';
import { captureRemittance } from './remittances.service';

// A remittance from CSV (issue 33): the rows name the account number and line position as printed on
// the account; they are resolved to account lines and captured exactly as a remittance typed by hand.

export const ZRemittanceImportInput = ZRemittanceInput.omit({ lines: true }).extend({
  csv: z.string({ error: 'Give the CSV text' }).min(1, 'The CSV is empty').max(REMITTANCE_CSV_MAX_CHARS, `The CSV is at most ${REMITTANCE_CSV_MAX_CHARS / 1024} KB`),
});

export async function importRemittanceCsv(db: Kysely<DB>, actor: TenantActor, input: z.infer<typeof ZRemittanceImportInput>): Promise<TRemittanceView> {
  const rows = parseRemittanceCsv(input.csv);
  const numbers = [...new Set(rows.map((r) => r.accountNumber))];
  const lines = await db
    .selectFrom('account_lines as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'l.position', 'a.number'])
    .where('l.organization_id', '=', actor.organizationId)
    .where('a.number', 'in', numbers)
    .execute();
  const idOf = new Map(lines.map((l) => [`${Number(l.number)}/${Number(l.position)}`, l.id]));
  const unknown = rows.find((r) => !idOf.has(`${r.accountNumber}/${r.position}`));
  if (unknown) throw new AppError('BAD_REQUEST', `Account ${unknown.accountNumber} has no line ${unknown.position}`, { csv: `Account ${unknown.accountNumber} has no line ${unknown.position}` });
  return captureRemittance(db, actor, {
    scheme: input.scheme, date: input.date, reference: input.reference,
    lines: rows.map((r) => ({ accountLineId: idOf.get(`${r.accountNumber}/${r.position}`)!, paidCents: r.paidCents, reasonCode: r.reasonCode, reason: r.reason })),
  });
}
