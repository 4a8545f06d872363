import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { dayKey } from '../../../shared/calendar';
import type { TFeeStatement } from '../../../shared/domain/fee-reports';
import { feeStatementOf } from '../../../shared/money/fee-reports';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { caseFileReadable } from '../cases/case-visibility';
import { feeNoteViewsOf, selectFeeNotes } from '../fee-notes/fee-note-read';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';

// A client's statement (issue 34, decision 0067): every fee note issued to the person (whatever the
// matter), its receipts, reversals and credit note by date with the running balance, and what is
// owing by age — the same ageing as the aged-debtors report, so a client's balance there is this
// statement's. Fee notes are read through the one fee-note read (fee-note-read.ts); the matters the
// reader may not read (restricted, off the team) are left out.

export async function feeStatement(db: Kysely<DB>, actor: TenantActor, personId: string): Promise<TFeeStatement> {
  const settings = await requireBillingFirm(db, actor);
  const person = await db
    .selectFrom('people')
    .select(['id', 'full_name', 'address', 'vat_number'])
    .where('organization_id', '=', actor.organizationId)
    .where('id', '=', personId)
    .executeTakeFirst();
  if (!person) throw new AppError('NOT_FOUND', 'Person not found');
  const rows = await selectFeeNotes(db, actor.organizationId)
    .where('f.client_person_id', '=', person.id)
    .where('f.status', '!=', 'pro-forma')
    .where(caseFileReadable(actor, 'f.case_id'))
    .orderBy('f.issued_on')
    .orderBy('f.number')
    .execute();
  const asOf = dayKey();
  return {
    asOf,
    firm: { name: settings.firmName, address: settings.address, vatNumber: settings.vatNumber, bankDetails: settings.bankDetails },
    client: { personId: person.id, name: person.full_name, address: person.address, vatNumber: person.vat_number },
    ...feeStatementOf(await feeNoteViewsOf(db, actor.organizationId, rows), asOf),
  };
}
