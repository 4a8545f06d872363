import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { refreshAccountSums, sumsOfRow } from '../../../../db/account-sums';
import { nowIso } from '../../../../db/time';
import { onUniqueViolation } from '../../../../db/unique-violation';
import { dayKey } from '../../../shared/calendar';
import type { TAccountList, TAccountSummary, TAccountView, TCreateAccountRequest, TValidationResult } from '../../../shared/domain/account-wire';
import { validateAccount } from '../../../shared/domain/account-validation';
import type { TPayer } from '../../../shared/domain/medical-accounts';
import { summaryOfSums } from '../../../shared/money/account-sums';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { takeNextNumber } from '../../money/number-series';
import { requireCaseAccess } from '../cases/case-access';
import { caseFileReadable } from '../cases/case-visibility';
import { coverHolderOf } from '../cover/cover.service';
import { appendCaseEvent } from '../timeline/case-events';
import { type AccountRow, accountViewsOf, selectAccounts } from './account-read';

// Accounts (invoices) on the healthcare platform (issue 33, decision 0061). Unbilled charges of a case
// become an account: a number from the organisation's series (never reused), the payer (the scheme
// when the patient has medical-aid cover, else the patient), one line per charge carrying the
// charge's amount with its VAT, and the account holder (the patient's main member). A charge is
// billed once: the partial unique index on account_lines.charge_id refuses a second live line (409),
// under concurrent requests too. Accounts are append-only: nothing here edits one; lines change
// status through claims, remittances and reversals, each move an account_line_events row.

export const BILLED_TWICE = 'A charge can be billed once: one of these charges is already on an account';

/** The account if the actor may read its case (404 outside the organisation, 403 without need to know). */
export async function getAccount(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TAccountView> {
  const row = await selectAccounts(db, actor.organizationId).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  await requireCaseAccess(db, actor, row.case_id);
  const [view] = await accountViewsOf(db, actor.organizationId, [row]);
  return view!;
}

/** The list row of an account: its head from the row, its balance and stage from its stored sums. */
function summaryOf(row: AccountRow & SumsColumns): TAccountSummary {
  // The scheme as the account view has it: the cover's, else the person's older scheme field.
  const scheme = row.payer === 'scheme' ? (row.cover_kind !== null ? row.scheme : row.legacy_scheme) : null;
  return summaryOfSums(
    {
      id: row.id, number: Number(row.number), caseId: row.case_id, caseReference: row.case_reference, personName: row.person_name ?? row.patient_name,
      holderId: row.holder_id, holderName: row.holder_name, scheme, totalCents: Number(row.total_cents),
    },
    sumsOfRow(row),
  );
}

const SUMS_COLUMNS = ['s.live_cents', 's.scheme_paid_cents', 's.written_off_cents', 's.to_patient_cents', 's.patient_paid_cents', 's.line_count', 's.draft_lines', 's.awaiting_decision'] as const;
type SumsColumns = Omit<Parameters<typeof sumsOfRow>[0], 'payer' | 'account_date'>;

/**
 * The organisation's accounts the actor may read (a restricted case's only for those with need to
 * know), newest first, with their balance from the stored sums (db/account-sums.ts). A stage tab
 * (not yet claimed, awaiting payment, settled) is one range of the sums' (organisation, stage,
 * number) index, however many accounts there are.
 */
export async function listAccounts(db: Kysely<DB>, actor: TenantActor, input: { stage?: TAccountSummary['stage']; caseId?: string; limit: number }): Promise<TAccountList> {
  let query = selectAccounts(db, actor.organizationId)
    .innerJoin('account_sums as s', 's.account_id', 'a.id')
    .select([...SUMS_COLUMNS])
    .where('s.organization_id', '=', actor.organizationId)
    .where(caseFileReadable(actor, 'a.case_id'));
  if (input.caseId) query = query.where('a.case_id', '=', input.caseId);
  if (input.stage) query = query.where('s.stage', '=', input.stage);
  // Each order follows its index: the stage's (organisation, stage, number), else the accounts' (organisation, number).
  const rows = await query.orderBy(input.stage ? 's.number' : 'a.number', 'desc').limit(input.limit).execute();
  return { items: rows.map(summaryOf) };
}

/** Unbilled charges of the case → an account. 409 when a charge is already billed (or was voided). */
export async function createAccount(db: Kysely<DB>, actor: TenantActor, input: TCreateAccountRequest): Promise<TAccountView> {
  const kase = await requireCaseAccess(db, actor, input.id);
  const chargeIds = [...new Set(input.chargeIds)];
  const charges = await db
    .selectFrom('charges')
    .select(['id', 'case_id', 'person_id', 'amount_cents', 'vat_cents', 'voided_at', 'code', 'service_date'])
    .where('organization_id', '=', actor.organizationId)
    .where('id', 'in', chargeIds)
    .execute();
  const missing = chargeIds.filter((id) => !charges.some((c) => c.id === id && c.case_id === kase.id));
  if (missing.length > 0) throw new AppError('BAD_REQUEST', 'Choose charges of this case', { chargeIds: `${missing.length} of the charges ${missing.length === 1 ? 'is' : 'are'} not charges of this case` });
  if (charges.some((c) => c.voided_at)) throw new AppError('CONFLICT', 'A voided charge cannot be billed');
  const caseRow = await db.selectFrom('cases').select('person_id').where('id', '=', kase.id).executeTakeFirstOrThrow();
  const personId = caseRow.person_id;
  const cover = personId ? await db.selectFrom('person_cover').select('kind').where('person_id', '=', personId).executeTakeFirst() : undefined;
  const legacyScheme = personId && !cover ? (await db.selectFrom('people').select('medical_aid_scheme').where('id', '=', personId).executeTakeFirst())?.medical_aid_scheme : null;
  const payer: TPayer = input.payer ?? (cover?.kind === 'medical-aid' || (!cover && legacyScheme) ? 'scheme' : 'patient');
  if (payer === 'scheme' && !personId) throw new AppError('BAD_REQUEST', 'The case has no person of the registry, so no cover to claim from', { payer: 'Bill the patient, or link the case to a person with medical-aid cover' });
  const holderId = personId ? await coverHolderOf(db, actor.organizationId, personId) : null;
  // Service date order, then the order asked.
  const ordered = [...charges].sort((a, b) => a.service_date.localeCompare(b.service_date) || chargeIds.indexOf(a.id) - chargeIds.indexOf(b.id));
  const lineTotal = (c: (typeof charges)[number]) => Number(c.amount_cents) + Number(c.vat_cents);
  const id = randomUUID();
  const at = nowIso();
  await onUniqueViolation(
    () =>
      db.transaction().execute(async (trx) => {
        const number = await takeNextNumber(trx, actor.organizationId, 'account');
        await trx
          .insertInto('accounts')
          .values({
            id, organization_id: actor.organizationId, number, case_id: kase.id, person_id: personId, holder_id: holderId, payer, account_date: dayKey(),
            total_cents: ordered.reduce((sum, c) => sum + lineTotal(c), 0), vat_cents: ordered.reduce((sum, c) => sum + Number(c.vat_cents), 0),
            created_by: actor.userId, created_at: at,
          })
          .execute();
        for (const [index, charge] of ordered.entries()) {
          const lineId = randomUUID();
          await trx
            .insertInto('account_lines')
            .values({
              id: lineId, organization_id: actor.organizationId, account_id: id, charge_id: charge.id, position: index + 1,
              amount_cents: lineTotal(charge), vat_cents: Number(charge.vat_cents), status: 'draft', status_reason: null, claim_id: null,
            })
            .execute();
          await trx.insertInto('account_line_events').values({ id: randomUUID(), organization_id: actor.organizationId, line_id: lineId, from_status: null, to_status: 'draft', reason: null, actor_id: actor.userId, at }).execute();
        }
        await refreshAccountSums(trx, actor.organizationId, [id]);
        await appendCaseEvent(trx, {
          organizationId: actor.organizationId, caseId: kase.id, actorId: actor.userId, kind: 'account.created',
          summary: `Account ${number} made (${ordered.length} ${ordered.length === 1 ? 'line' : 'lines'}, payer ${payer === 'scheme' ? 'medical scheme' : 'patient'})`,
          details: { accountId: id, number, payer, lines: ordered.length },
        });
      }),
    () => new AppError('CONFLICT', BILLED_TWICE),
  );
  return getAccount(db, actor, id);
}

/** Today's date at the practice (Johannesburg): the claim window and statements count from it. */
export const practiceToday = (): string => dayKey();

/** Every reason a scheme would bounce the account's draft lines (validateAccount); none for a patient's account. */
export async function accountProblems(db: Kysely<DB>, actor: TenantActor, account: TAccountView): Promise<TValidationResult> {
  if (account.payer === 'patient') return { problems: [] };
  const drafts = account.lines.filter((l) => l.status === 'draft');
  const [settings, charges] = await Promise.all([
    db.selectFrom('billing_settings').select('practice_number').where('organization_id', '=', actor.organizationId).executeTakeFirst(),
    drafts.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('charges as c')
          .leftJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'c.treating_practitioner_id').on('m.organization_id', '=', actor.organizationId))
          .select(['c.id', 'c.needs_authorisation', 'm.practitioner_number'])
          .where('c.id', 'in', drafts.map((l) => l.chargeId))
          .execute(),
  ]);
  const chargeOf = new Map(charges.map((c) => [c.id, c]));
  const problems = validateAccount(
    {
      payer: account.payer,
      cover: account.cover,
      practiceNumber: settings?.practice_number ?? null,
      lines: drafts.map((l) => ({
        lineId: l.id, serviceDate: l.serviceDate, icd10Codes: l.icd10Codes, needsAuthorisation: Number(chargeOf.get(l.chargeId)?.needs_authorisation) === 1,
        authorisationNumber: l.authorisationNumber, practitionerNumber: chargeOf.get(l.chargeId)?.practitioner_number ?? null,
      })),
    },
    practiceToday(),
  );
  return { problems };
}

export async function validateAccountById(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TValidationResult> {
  return accountProblems(db, actor, await getAccount(db, actor, id));
}
