import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isPmb } from '../../../shared/billing-codes/cdl';
import type { TChargeList, TCorrectChargeInput, TRecordChargeInput, TVoidChargeInput } from '../../../shared/billing-codes/charge-inputs';
import type { TCharge, TCodeList } from '../../../shared/domain/medical-accounts';
import { fullName } from '../../../shared/format';
import { vatOnCents } from '../../../shared/money/vat';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { findBillingCode } from '../billing-codes/billing-codes.service';
import { lookupIcd10Codes } from '../icd10/icd10.service';
import { appendCaseEvent } from '../timeline/case-events';

// Charges on the case (issue 33, decision 0061): what was done for the patient, priced from the
// practice's tariff or NAPPI list, with the ICD-10 codes that justify it. A charge is the raw
// material of an account (accounts.service reads this table): nothing here bills. A charge not yet
// on an account can be voided (kept, with the reason); the authorisation number can be corrected
// while the charge is unbilled or its account line is still a draft. A reversed line frees its charge
// (migration 0029): it can be corrected and billed again on a new account. Need to know: a charge is read
// and written through its case (requireCaseAccess), so a restricted case's charges are its team's.

const CLINICIAN_GONE = 'Former member';

function selectCharges(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('charges as c')
    .leftJoin('users as tp', 'tp.id', 'c.treating_practitioner_id')
    .leftJoin('users as cb', 'cb.id', 'c.created_by')
    .leftJoin('account_lines as l', (join) => join.onRef('l.charge_id', '=', 'c.id').on('l.status', '!=', 'reversed'))
    .leftJoin('accounts as a', 'a.id', 'l.account_id')
    .selectAll('c')
    .select(['tp.first_name as tp_first', 'tp.last_name as tp_last', 'cb.first_name as cb_first', 'cb.last_name as cb_last', 'a.id as account_id', 'a.number as account_number', 'l.status as line_status'])
    .where('c.organization_id', '=', organizationId);
}
type ChargeRow = Awaited<ReturnType<ReturnType<typeof selectCharges>['executeTakeFirstOrThrow']>>;

function toCharge(row: ChargeRow): TCharge {
  return {
    id: row.id,
    caseId: row.case_id,
    encounterId: row.encounter_id,
    serviceDate: row.service_date,
    codeList: row.code_list as TCodeList,
    code: row.code,
    description: row.description,
    quantity: Number(row.quantity),
    unitPriceCents: Number(row.unit_price_cents),
    amountCents: Number(row.amount_cents),
    vatCents: Number(row.vat_cents),
    icd10Codes: JSON.parse(row.icd10_codes) as string[],
    modifier: row.modifier,
    authorisationNumber: row.authorisation_number,
    needsAuthorisation: Number(row.needs_authorisation) === 1,
    pmb: Number(row.pmb) === 1,
    treatingPractitioner: row.treating_practitioner_id ? (fullName(row.tp_first, row.tp_last) ?? CLINICIAN_GONE) : null,
    createdBy: row.created_by ? (fullName(row.cb_first, row.cb_last) ?? CLINICIAN_GONE) : null,
    createdAt: row.created_at,
    accountId: row.account_id ?? null,
    accountNumber: row.account_number === null || row.account_number === undefined ? null : Number(row.account_number),
    voided: row.voided_at !== null,
  };
}

export async function listCharges(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TChargeList> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectCharges(db, actor.organizationId)
    .where('c.case_id', '=', kase.id)
    .orderBy('c.service_date', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return { items: rows.map(toCharge) };
}

async function chargeOf(db: Kysely<DB>, actor: TenantActor, id: string): Promise<ChargeRow> {
  const row = await selectCharges(db, actor.organizationId).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Charge not found');
  // Through its case: a restricted case's charge is refused (403) to someone without need to know.
  await requireCaseAccess(db, actor, row.case_id);
  return row;
}

export async function recordCharge(db: Kysely<DB>, actor: TenantActor, input: TRecordChargeInput): Promise<TCharge> {
  const kase = await requireCaseAccess(db, actor, input.id);
  const list: TCodeList = input.tariffCode ? 'tariff' : 'nappi';
  const field = list === 'tariff' ? 'tariffCode' : 'nappiCode';
  const codeText = (input.tariffCode ?? input.nappiCode)!;
  const code = await findBillingCode(db, actor.organizationId, list, codeText);
  if (!code) {
    const message = `${codeText} is not on the practice's ${list === 'tariff' ? 'tariff' : 'NAPPI'} list`;
    throw new AppError('BAD_REQUEST', message, { [field]: message });
  }
  const icd10 = [...new Set(input.icd10Codes)];
  const found = await lookupIcd10Codes(db, actor.organizationId, icd10);
  const unknown = icd10.filter((_, i) => !found[i]);
  if (unknown.length > 0) {
    const message = `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not on the organisation's ICD-10 code list`;
    throw new AppError('BAD_REQUEST', message, { icd10Codes: message });
  }
  if (input.encounterId) {
    const encounter = await db.selectFrom('encounters').select('id').where('id', '=', input.encounterId).where('organization_id', '=', actor.organizationId).where('case_id', '=', kase.id).executeTakeFirst();
    if (!encounter) throw new AppError('BAD_REQUEST', 'The encounter is not one of this case', { encounterId: 'Choose an encounter of this case' });
  }
  const [settings, caseRow] = await Promise.all([
    db.selectFrom('billing_settings').select('vat_number').where('organization_id', '=', actor.organizationId).executeTakeFirst(),
    db.selectFrom('cases').select('person_id').where('id', '=', kase.id).executeTakeFirstOrThrow(),
  ]);
  const unitPrice = input.unitPriceCents ?? code.priceCents;
  const amount = input.quantity * unitPrice;
  if (!Number.isSafeInteger(amount) || amount > 100_000_000_00) throw new AppError('BAD_REQUEST', 'The amount is too large', { quantity: 'Quantity × unit price is too large' });
  const vat = vatOnCents(amount, Boolean(settings?.vat_number));
  const id = randomUUID();
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('charges')
      .values({
        id, organization_id: actor.organizationId, case_id: kase.id, person_id: caseRow.person_id, encounter_id: input.encounterId ?? null,
        service_date: input.serviceDate, code_list: list, code: code.code, description: code.description, quantity: input.quantity,
        unit_price_cents: unitPrice, amount_cents: amount, vat_cents: vat, icd10_codes: JSON.stringify(icd10), modifier: input.modifier ?? null,
        authorisation_number: input.authorisationNumber ?? null, needs_authorisation: code.needsAuthorisation ? 1 : 0, pmb: isPmb(icd10) ? 1 : 0,
        treating_practitioner_id: actor.userId, created_by: actor.userId, created_at: at, voided_at: null, voided_by: null, void_reason: null,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: kase.id, actorId: actor.userId, kind: 'charge.recorded',
      summary: `Charge recorded: ${code.code} × ${input.quantity}`,
      details: { chargeId: id, codeList: list, code: code.code, quantity: input.quantity },
    });
  });
  return toCharge(await selectCharges(db, actor.organizationId).where('c.id', '=', id).executeTakeFirstOrThrow());
}

export async function voidCharge(db: Kysely<DB>, actor: TenantActor, input: TVoidChargeInput): Promise<TCharge> {
  const row = await chargeOf(db, actor, input.id);
  if (row.account_id) throw new AppError('CONFLICT', `This charge is on account ${row.account_number}; reverse the account line instead`);
  if (row.voided_at) throw new AppError('CONFLICT', 'This charge was already voided');
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('charges')
      .set({ voided_at: nowIso(), voided_by: actor.userId, void_reason: input.reason, version: Number(row.version) + 1 })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .where('voided_at', 'is', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('account_lines').select('id').where('charge_id', '=', row.id).where('status', '!=', 'reversed'))))
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'This charge changed meanwhile (billed or voided); reload and try again');
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: row.case_id, actorId: actor.userId, kind: 'charge.voided',
      summary: `Charge voided: ${row.code} × ${row.quantity}`,
      details: { chargeId: row.id, code: row.code },
    });
  });
  return toCharge(await selectCharges(db, actor.organizationId).where('c.id', '=', row.id).executeTakeFirstOrThrow());
}

/** Billing staff fix the authorisation number validation names, while the line is not yet submitted. */
export async function correctCharge(db: Kysely<DB>, actor: TenantActor, input: TCorrectChargeInput): Promise<TCharge> {
  const row = await chargeOf(db, actor, input.id);
  if (row.voided_at) throw new AppError('CONFLICT', 'This charge was voided');
  if (row.account_id && row.line_status !== 'draft') throw new AppError('CONFLICT', `This charge's line on account ${row.account_number} was already submitted; it can no longer be changed`);
  const done = await db
    .updateTable('charges')
    .set({ authorisation_number: input.authorisationNumber, version: Number(row.version) + 1 })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    // Submitted meanwhile: the row is left as it was.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('account_lines').select('id').where('charge_id', '=', row.id).where('status', 'not in', ['draft', 'reversed']))))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'This charge changed meanwhile (or its line was submitted); reload and try again');
  return toCharge(await selectCharges(db, actor.organizationId).where('c.id', '=', row.id).executeTakeFirstOrThrow());
}
