import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { refreshAccountSums } from '../../../../db/account-sums';
import { nowIso } from '../../../../db/time';
import type { TAccountView, TClaimBatch, TClaimView } from '../../../shared/domain/account-wire';
import type { TClaimStatus, TLineStatus } from '../../../shared/domain/medical-accounts';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { takeNextNumber } from '../../money/number-series';
import { practitionerNumbersOf } from '../accounts/account-read';
import { accountProblems, getAccount } from '../accounts/accounts.service';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { claimTransportOf, deliverClaim, type TDelivery } from './claim-switch';

// Claims (issue 33, decision 0061): the draft lines of scheme accounts go to one scheme as a batch
// numbered in the practice's series. The batch is frozen as sent (claims.export) and delivered by the
// switch transport after the lines are marked submitted; what the switch answers moves each line to
// accepted or rejected (with the reason). A batch the switch did not take is marked failed and its
// lines go back to draft, to be claimed again. A submitted line sent in error is reversed (it then
// owes nothing and its charge may be billed again, corrected).

/** A line status move, with its event row; only from the statuses given (a concurrent move wins once). */
export async function moveLines(
  trx: Transaction<DB>,
  actor: TenantActor,
  lineIds: string[],
  from: TLineStatus[],
  to: TLineStatus,
  reason: string | null,
  extra: { claim_id?: string | null } = {},
): Promise<number> {
  if (lineIds.length === 0) return 0;
  const rows = await trx.selectFrom('account_lines').select(['id', 'status']).where('organization_id', '=', actor.organizationId).where('id', 'in', lineIds).where('status', 'in', from).execute();
  if (rows.length === 0) return 0;
  const done = await trx
    .updateTable('account_lines')
    .set((eb) => ({ status: to, status_reason: reason, version: eb('version', '+', 1), ...extra }))
    .where('id', 'in', rows.map((r) => r.id))
    .where('status', 'in', from)
    .executeTakeFirst();
  const at = nowIso();
  await trx
    .insertInto('account_line_events')
    .values(rows.map((r) => ({ id: randomUUID(), organization_id: actor.organizationId, line_id: r.id, from_status: r.status, to_status: to, reason, actor_id: actor.userId, at })))
    .execute();
  // A line's status is part of its account's sums (drafts, awaiting a decision, reversed lines owe nothing).
  const accounts = await trx.selectFrom('account_lines').select('account_id').distinct().where('id', 'in', rows.map((r) => r.id)).execute();
  await refreshAccountSums(trx, actor.organizationId, accounts.map((a) => a.account_id));
  return Number(done.numUpdatedRows);
}

async function batchOf(db: Kysely<DB>, actor: TenantActor, number: number, scheme: string, accounts: TAccountView[]): Promise<TClaimBatch> {
  const [org, settings] = await Promise.all([
    db.selectFrom('organizations').select('name').where('id', '=', actor.organizationId).executeTakeFirstOrThrow(),
    db.selectFrom('billing_settings').select(['practice_number', 'vat_number']).where('organization_id', '=', actor.organizationId).executeTakeFirst(),
  ]);
  const personIds = accounts.map((a) => a.personId).filter((id): id is string => !!id);
  const chargeIds = accounts.flatMap((a) => a.lines.map((l) => l.chargeId));
  const [people, practitionerOf] = await Promise.all([
    db.selectFrom('people').select(['id', 'date_of_birth', 'id_number']).where('organization_id', '=', actor.organizationId).where('id', 'in', personIds.length ? personIds : ['-']).execute(),
    practitionerNumbersOf(db, actor.organizationId, chargeIds),
  ]);
  const personOf = new Map(people.map((p) => [p.id, p]));
  const claimed = accounts.map((a) => {
    const lines = a.lines.filter((l) => l.status === 'draft');
    const person = a.personId ? personOf.get(a.personId) : undefined;
    return {
      accountNumber: a.number,
      accountDate: a.accountDate,
      member: { scheme, plan: a.cover?.plan ?? null, option: a.cover?.option ?? null, membershipNumber: a.cover?.membershipNumber ?? '', mainMemberName: a.holderName ?? a.personName },
      patient: { name: a.personName, dateOfBirth: person?.date_of_birth ?? null, idNumber: person?.id_number ?? null, dependantCode: a.cover?.dependantCode ?? '' },
      lines: lines.map((l) => ({
        lineId: l.id, serviceDate: l.serviceDate, treatingPractitionerNumber: practitionerOf.get(l.chargeId) ?? null, codeType: l.codeList, code: l.code,
        description: l.description, quantity: l.quantity, modifier: l.modifier, icd10Codes: l.icd10Codes, authorisationNumber: l.authorisationNumber,
        pmb: l.pmb, amountCents: l.amountCents, vatCents: l.vatCents,
      })),
    };
  });
  const all = claimed.flatMap((a) => a.lines);
  return {
    format: 'casebridge-claim/1',
    claimNumber: number,
    createdAt: nowIso(),
    practice: { name: org.name, practiceNumber: settings?.practice_number ?? '', vatNumber: settings?.vat_number ?? null },
    scheme,
    accounts: claimed,
    totals: { lines: all.length, amountCents: all.reduce((s, l) => s + l.amountCents, 0), vatCents: all.reduce((s, l) => s + l.vatCents, 0) },
  };
}

/** The accounts' draft lines → one claim batch to their scheme, delivered by the switch transport. */
export async function submitClaim(db: Kysely<DB>, config: Config, actor: TenantActor, accountIds: string[]): Promise<TClaimView> {
  const ids = [...new Set(accountIds)];
  const accounts: TAccountView[] = [];
  for (const id of ids) {
    try {
      accounts.push(await getAccount(db, actor, id));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('BAD_REQUEST', 'Choose accounts of this practice', { accountIds: `No account ${id}` });
      throw error;
    }
  }
  const notScheme = accounts.filter((a) => a.payer !== 'scheme');
  if (notScheme.length > 0) throw new AppError('BAD_REQUEST', 'Only accounts billed to a medical scheme are claimed', { accountIds: `Account ${notScheme.map((a) => a.number).join(', ')} is billed to the patient` });
  const nothing = accounts.filter((a) => !a.lines.some((l) => l.status === 'draft'));
  if (nothing.length > 0) throw new AppError('CONFLICT', `Account ${nothing.map((a) => a.number).join(', ')} has no lines left to claim`);
  const schemes = [...new Set(accounts.map((a) => a.cover?.scheme ?? ''))];
  if (schemes.length > 1) throw new AppError('BAD_REQUEST', 'A claim batch goes to one scheme', { accountIds: `These accounts are for ${schemes.map((s) => s || 'no scheme').join(' and ')}: claim each scheme's apart` });
  const bouncing: string[] = [];
  for (const account of accounts) {
    const { problems } = await accountProblems(db, actor, account);
    if (problems.length > 0) bouncing.push(`Account ${account.number}: ${problems.map((p) => p.message).join('; ')}`);
  }
  if (bouncing.length > 0) throw new AppError('BAD_REQUEST', 'The scheme would reject these accounts; fix what validation names first', { accountIds: bouncing.join(' | ') });
  const scheme = schemes[0]!;
  const lineIds = accounts.flatMap((a) => a.lines.filter((l) => l.status === 'draft').map((l) => l.id));
  const claimId = randomUUID();

  const batch = await db.transaction().execute(async (trx) => {
    const number = await takeNextNumber(trx, actor.organizationId, 'claim');
    const built = await batchOf(trx, actor, number, scheme, accounts);
    await trx
      .insertInto('claims')
      .values({ id: claimId, organization_id: actor.organizationId, number, scheme, status: 'submitted', export: JSON.stringify(built), transport: claimTransportOf(config), switch_reference: null, failure: null, submitted_by: actor.userId, submitted_at: nowIso() })
      .execute();
    const moved = await moveLines(trx, actor, lineIds, ['draft'], 'submitted', null, { claim_id: claimId });
    if (moved !== lineIds.length) throw new AppError('CONFLICT', 'Some of these lines were claimed or reversed meanwhile; reload and try again');
    return built;
  });

  await recordDelivery(db, actor, claimId, lineIds, await deliverClaim(config, batch));
  return getClaim(db, actor, claimId);
}

/** What the switch did with the batch: per-line answers, or not delivered (lines back to draft). */
async function recordDelivery(db: Kysely<DB>, actor: TenantActor, claimId: string, lineIds: string[], delivery: TDelivery): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!delivery.delivered) {
      await moveLines(trx, actor, lineIds, ['submitted'], 'draft', `Not delivered: ${delivery.failure}`.slice(0, 500), { claim_id: null });
      await trx.updateTable('claims').set({ status: 'failed', failure: delivery.failure.slice(0, 1000) }).where('id', '=', claimId).execute();
      return;
    }
    if (delivery.transport === 'file') return;
    const ours = new Set(lineIds);
    let accepted = 0;
    let rejected = 0;
    for (const answer of delivery.response.lines) {
      if (!ours.has(answer.lineId)) continue;
      const to = answer.status === 'accepted' ? 'accepted' : 'rejected';
      const moved = await moveLines(trx, actor, [answer.lineId], ['submitted'], to, answer.reason?.trim() || (to === 'rejected' ? 'Rejected by the scheme (no reason given)' : null));
      if (moved === 1 && to === 'accepted') accepted += 1;
      if (moved === 1 && to === 'rejected') rejected += 1;
    }
    const status: TClaimStatus = rejected === 0 ? (accepted > 0 ? 'accepted' : 'submitted') : accepted === 0 && rejected === lineIds.length ? 'rejected' : 'partly-rejected';
    await trx.updateTable('claims').set({ status, switch_reference: delivery.response.reference }).where('id', '=', claimId).execute();
  });
}

export async function getClaim(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TClaimView> {
  const claim = await db
    .selectFrom('claims as c')
    .leftJoin('users as u', 'u.id', 'c.submitted_by')
    .selectAll('c')
    .select(['u.first_name', 'u.last_name'])
    .where('c.organization_id', '=', actor.organizationId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!claim) throw new AppError('NOT_FOUND', 'Claim not found');
  const lines = await db
    .selectFrom('account_lines as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'l.account_id', 'a.number', 'a.case_id', 'l.amount_cents', 'l.status', 'l.status_reason'])
    .where('l.organization_id', '=', actor.organizationId)
    .where('l.claim_id', '=', id)
    .orderBy('a.number')
    .orderBy('l.position')
    .execute();
  // A batch holds lines of several cases: each must be one the caller may read.
  for (const caseId of new Set(lines.map((l) => l.case_id))) await requireCaseAccess(db, actor, caseId);
  return {
    id: claim.id, number: Number(claim.number), scheme: claim.scheme, status: claim.status, transport: claim.transport, switchReference: claim.switch_reference,
    failure: claim.failure, submittedBy: claim.submitted_by ? (fullName(claim.first_name, claim.last_name) ?? 'Former member') : null, submittedAt: claim.submitted_at,
    totalCents: lines.reduce((s, l) => s + Number(l.amount_cents), 0),
    lines: lines.map((l) => ({ id: l.id, accountId: l.account_id, accountNumber: Number(l.number), amountCents: Number(l.amount_cents), status: l.status, statusReason: l.status_reason })),
  };
}

/** The batch exactly as it was sent (frozen at submission). */
export async function exportClaim(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TClaimBatch> {
  await getClaim(db, actor, id);
  const row = await db.selectFrom('claims').select('export').where('organization_id', '=', actor.organizationId).where('id', '=', id).executeTakeFirstOrThrow();
  return JSON.parse(row.export) as TClaimBatch;
}

export async function listClaims(db: Kysely<DB>, actor: TenantActor) {
  const rows = await db
    .selectFrom('claims as c')
    .leftJoin('users as u', 'u.id', 'c.submitted_by')
    .select((eb) => [
      'c.id', 'c.number', 'c.scheme', 'c.status', 'c.transport', 'c.switch_reference', 'c.failure', 'c.submitted_by', 'c.submitted_at', 'u.first_name', 'u.last_name',
      eb.selectFrom('account_lines as l').select((e) => e.fn.countAll<number>().as('n')).whereRef('l.claim_id', '=', 'c.id').as('line_count'),
      eb.selectFrom('account_lines as l').select((e) => e.fn.sum<number>('l.amount_cents').as('t')).whereRef('l.claim_id', '=', 'c.id').as('total_cents'),
    ])
    .where('c.organization_id', '=', actor.organizationId)
    .orderBy('c.number', 'desc')
    .limit(200)
    .execute();
  return {
    items: rows.map((c) => ({
      id: c.id, number: Number(c.number), scheme: c.scheme, status: c.status, transport: c.transport, switchReference: c.switch_reference, failure: c.failure,
      submittedBy: c.submitted_by ? (fullName(c.first_name, c.last_name) ?? 'Former member') : null, submittedAt: c.submitted_at,
      totalCents: Number(c.total_cents ?? 0), lineCount: Number(c.line_count ?? 0),
    })),
  };
}

/** Reverse a line sent in error: it owes nothing from now on and frees its charge to be billed again. */
export async function reverseLine(db: Kysely<DB>, actor: TenantActor, id: string, reason: string): Promise<TAccountView> {
  const line = await db
    .selectFrom('account_lines as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'l.status', 'l.account_id', 'a.case_id', 'a.number'])
    .where('l.organization_id', '=', actor.organizationId)
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!line) throw new AppError('NOT_FOUND', 'Account line not found');
  await requireCaseAccess(db, actor, line.case_id);
  // Once the scheme has paid (or the remainder was decided) the money has moved: correct that by payment entries, not reversal.
  const reversible: TLineStatus[] = ['draft', 'submitted', 'accepted', 'rejected'];
  if (!reversible.includes(line.status)) throw new AppError('CONFLICT', `A line that is ${line.status} cannot be reversed`);
  await db.transaction().execute(async (trx) => {
    const [paid, decided] = await Promise.all([
      trx.selectFrom('remittance_lines').select('id').where('account_line_id', '=', id).executeTakeFirst(),
      trx.selectFrom('line_shortfalls').select('id').where('account_line_id', '=', id).executeTakeFirst(),
    ]);
    if (paid || decided) throw new AppError('CONFLICT', 'The scheme has remitted on this line (or its remainder was decided); it cannot be reversed');
    const moved = await moveLines(trx, actor, [id], reversible, 'reversed', reason);
    if (moved !== 1) throw new AppError('CONFLICT', 'This line changed meanwhile; reload and try again');
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: line.case_id, actorId: actor.userId, kind: 'account-line.reversed',
      summary: `Line reversed on account ${line.number}`, details: { accountId: line.account_id, lineId: id, reason },
    });
  });
  return getAccount(db, actor, line.account_id);
}
