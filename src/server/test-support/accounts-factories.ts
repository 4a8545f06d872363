import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { refreshAccountSums } from '../../../db/account-sums';
import { nowIso } from '../../../db/time';
import type { TLineStatus, TPayer } from '../../shared/domain/medical-accounts';
import { takeNextNumber } from '../money/number-series';

// Accounts for tests of what comes after them (claims, remittances, payments, statements; issue 33):
// charges and an account written straight to the tables, as POST …/accounts would leave them, so a
// test of a remittance does not repeat the whole account cycle.

export interface TestLine {
  amountCents: number;
  serviceDate?: string;
  code?: string;
  icd10Codes?: string[];
  authorisationNumber?: string | null;
  status?: TLineStatus;
}

/** An account of the case with one charge per line; lines are drafts unless told otherwise. */
export async function createTestAccount(
  db: Kysely<DB>,
  organizationId: string,
  values: { caseId: string; personId?: string | null; holderId?: string | null; payer?: TPayer; accountDate?: string; lines: TestLine[] },
): Promise<{ accountId: string; number: number; lineIds: string[]; chargeIds: string[] }> {
  const at = nowIso();
  const accountDate = values.accountDate ?? at.slice(0, 10);
  return db.transaction().execute(async (trx) => {
    const number = await takeNextNumber(trx, organizationId, 'account');
    const accountId = randomUUID();
    const total = values.lines.reduce((sum, l) => sum + l.amountCents, 0);
    await trx
      .insertInto('accounts')
      .values({
        id: accountId, organization_id: organizationId, number, case_id: values.caseId, person_id: values.personId ?? null,
        holder_id: values.holderId ?? values.personId ?? null, payer: values.payer ?? 'scheme', account_date: accountDate,
        total_cents: total, vat_cents: 0, created_by: null, created_at: at,
      })
      .execute();
    const lineIds: string[] = [];
    const chargeIds: string[] = [];
    for (const [i, line] of values.lines.entries()) {
      const chargeId = randomUUID();
      const lineId = randomUUID();
      await trx
        .insertInto('charges')
        .values({
          id: chargeId, organization_id: organizationId, case_id: values.caseId, person_id: values.personId ?? null, encounter_id: null,
          service_date: line.serviceDate ?? accountDate, code_list: 'tariff', code: line.code ?? '0190', description: 'Consultation',
          quantity: 1, unit_price_cents: line.amountCents, amount_cents: line.amountCents, vat_cents: 0,
          icd10_codes: JSON.stringify(line.icd10Codes ?? ['J06.9']), modifier: null, authorisation_number: line.authorisationNumber ?? null,
          treating_practitioner_id: null, created_by: null, created_at: at, voided_at: null, voided_by: null, void_reason: null,
        })
        .execute();
      await trx
        .insertInto('account_lines')
        .values({
          id: lineId, organization_id: organizationId, account_id: accountId, charge_id: chargeId, position: i + 1,
          amount_cents: line.amountCents, vat_cents: 0, status: line.status ?? 'draft', status_reason: null, claim_id: null,
        })
        .execute();
      lineIds.push(lineId);
      chargeIds.push(chargeId);
    }
    await refreshAccountSums(trx, organizationId, [accountId]);
    return { accountId, number, lineIds, chargeIds };
  });
}

/** A charge on the case not yet on any account (what POST …/charges leaves). */
export async function createTestCharge(
  db: Kysely<DB>,
  organizationId: string,
  values: { caseId: string; personId?: string | null; amountCents?: number; serviceDate?: string; code?: string; icd10Codes?: string[]; authorisationNumber?: string | null; needsAuthorisation?: boolean },
): Promise<string> {
  const id = randomUUID();
  const amount = values.amountCents ?? 520_00;
  await db
    .insertInto('charges')
    .values({
      id, organization_id: organizationId, case_id: values.caseId, person_id: values.personId ?? null, encounter_id: null,
      service_date: values.serviceDate ?? nowIso().slice(0, 10), code_list: 'tariff', code: values.code ?? '0190', description: 'Consultation',
      quantity: 1, unit_price_cents: amount, amount_cents: amount, vat_cents: 0, icd10_codes: JSON.stringify(values.icd10Codes ?? ['J06.9']),
      modifier: null, authorisation_number: values.authorisationNumber ?? null, needs_authorisation: values.needsAuthorisation ? 1 : 0,
      treating_practitioner_id: null, created_by: null, created_at: nowIso(), voided_at: null, voided_by: null, void_reason: null,
    })
    .execute();
  return id;
}
