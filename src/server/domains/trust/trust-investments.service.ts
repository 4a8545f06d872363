import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  FUND_SHARE_PERCENT,
  type TInterestRequest,
  type TInterestSplit,
  type TInvestment,
  type TInvestmentRequest,
  type TInvestmentSection,
  type TWithdrawalRequest,
} from '../../../shared/domain/trust';
import { formatZar } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { appendCaseEvent } from '../timeline/case-events';
import { assertOpenDate, lockTrustBooks, moveTrustBalance, postTrustEntry } from './trust-books';
import { trustLedger } from './trust-ledger';

// Trust investments (issue 34, decision 0065; LPA s86(3)–(5)). Money of a matter's trust balance goes
// into an investment with its own sub-ledger — s86(3) surplus the firm invests of its own accord, or
// s86(4) on the client's instruction — and comes back whole when withdrawn. Interest credited splits
// per s86(5): on s86(4) money, to the client less 5% to the Legal Practitioners' Fidelity Fund
// (rounded half up to the cent, the Fund's share first); on s86(3) money, all of it to the Fund.
// Both halves are entries of the investment's sub-ledger (interest in, the Fund's share out), so the
// ledger shows the split and holds only what is the client's.

/** s86(5): the Fund's share and the client's of `interestCents`. */
export function splitInterest(section: TInvestmentSection, interestCents: number): { clientCents: number; fundCents: number } {
  const fundCents = section === '86(3)' ? interestCents : Math.floor((interestCents * FUND_SHARE_PERCENT + 50) / 100);
  return { clientCents: interestCents - fundCents, fundCents };
}

async function openInvestment(db: Kysely<DB>, actor: TenantActor, id: string) {
  await requireBillingFirm(db, actor);
  const row = await db.selectFrom('trust_investments').selectAll().where('organization_id', '=', actor.organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Investment not found');
  await requireCaseAccess(db, actor, row.case_id);
  if (row.closed_on) throw new AppError('CONFLICT', `This investment was withdrawn on ${row.closed_on}`);
  return row;
}

async function investmentBalance(trx: Transaction<DB>, id: string): Promise<number> {
  const row = await trx.selectFrom('trust_entries').select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('sum')).where('investment_id', '=', id).where('account', '=', 'investment').executeTakeFirst();
  return Number(row?.sum ?? 0);
}

async function investmentView(db: Kysely<DB>, actor: TenantActor, caseId: string, id: string): Promise<TInvestment> {
  const ledger = await trustLedger(db, actor, caseId);
  const view = ledger.investments.find((i) => i.id === id);
  if (!view) throw new AppError('NOT_FOUND', 'Investment not found');
  return view;
}

export async function investTrustMoney(db: Kysely<DB>, actor: TenantActor, input: TInvestmentRequest): Promise<TInvestment> {
  await requireBillingFirm(db, actor);
  const caseId = (await requireCaseAccess(db, actor, input.caseId)).id;
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await lockTrustBooks(trx, actor.organizationId);
    await assertOpenDate(trx, actor.organizationId, input.date);
    await moveTrustBalance(trx, actor.organizationId, caseId, { bankCents: -input.amountCents, investedCents: input.amountCents });
    await trx
      .insertInto('trust_investments')
      .values({ id, organization_id: actor.organizationId, case_id: caseId, section: input.section, institution: input.institution, opened_on: input.date, principal_cents: input.amountCents, closed_on: null, created_by: actor.userId, created_at: nowIso() })
      .execute();
    const reference = `s${input.section} investment at ${input.institution}`;
    const move = { caseId, kind: 'investment' as const, date: input.date, reference, counterparty: input.institution };
    await postTrustEntry(trx, actor, { ...move, account: 'bank', amountCents: -input.amountCents, investmentId: id });
    await postTrustEntry(trx, actor, { ...move, account: 'investment', amountCents: input.amountCents, investmentId: id });
    await appendCaseEvent(trx, { organizationId: actor.organizationId, caseId, actorId: actor.userId, kind: 'trust.investment', summary: `${formatZar(input.amountCents)} invested from trust (${reference})`, details: { investmentId: id } });
  });
  return investmentView(db, actor, caseId, id);
}

export async function creditInterest(db: Kysely<DB>, actor: TenantActor, input: TInterestRequest): Promise<TInterestSplit> {
  const investment = await openInvestment(db, actor, input.id);
  const { clientCents, fundCents } = splitInterest(investment.section, input.amountCents);
  let balanceCents = 0;
  await db.transaction().execute(async (trx) => {
    await lockTrustBooks(trx, actor.organizationId);
    await assertOpenDate(trx, actor.organizationId, input.date);
    if (input.date < investment.opened_on) throw new AppError('BAD_REQUEST', 'Interest cannot be dated before the investment was made', { date: 'Before the investment was made' });
    const at = { caseId: investment.case_id, account: 'investment' as const, investmentId: investment.id, date: input.date, counterparty: investment.institution };
    await postTrustEntry(trx, actor, { ...at, kind: 'interest', amountCents: input.amountCents, reference: `Interest at ${investment.institution}` });
    if (fundCents > 0) {
      const share = investment.section === '86(3)' ? 'all interest on s86(3) money, s86(5)(a)' : `${FUND_SHARE_PERCENT}% of s86(4) interest, s86(5)(b)`;
      await postTrustEntry(trx, actor, { ...at, kind: 'fund-share', amountCents: -fundCents, reference: `To the Legal Practitioners' Fidelity Fund (${share})`, counterparty: "Legal Practitioners' Fidelity Fund" });
    }
    await moveTrustBalance(trx, actor.organizationId, investment.case_id, { investedCents: clientCents });
    balanceCents = await investmentBalance(trx, investment.id);
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: investment.case_id, actorId: actor.userId, kind: 'trust.investment',
      summary: `Interest ${formatZar(input.amountCents)} on the s${investment.section} investment: ${formatZar(clientCents)} to the client, ${formatZar(fundCents)} to the Fidelity Fund`,
      details: { investmentId: investment.id },
    });
  });
  return { investmentId: investment.id, section: investment.section, interestCents: input.amountCents, clientCents, fundCents, balanceCents };
}

/** The whole investment back into the matter's trust bank balance; the investment is closed. */
export async function withdrawInvestment(db: Kysely<DB>, actor: TenantActor, input: TWithdrawalRequest): Promise<TInvestment> {
  const investment = await openInvestment(db, actor, input.id);
  await db.transaction().execute(async (trx) => {
    await lockTrustBooks(trx, actor.organizationId);
    await assertOpenDate(trx, actor.organizationId, input.date);
    if (input.date < investment.opened_on) throw new AppError('BAD_REQUEST', 'A withdrawal cannot be dated before the investment was made', { date: 'Before the investment was made' });
    const closed = await trx.updateTable('trust_investments').set({ closed_on: input.date }).where('id', '=', investment.id).where('closed_on', 'is', null).executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'This investment was already withdrawn');
    const balance = await investmentBalance(trx, investment.id);
    const move = { caseId: investment.case_id, kind: 'withdrawal' as const, investmentId: investment.id, date: input.date, reference: `s${investment.section} investment at ${investment.institution} withdrawn`, counterparty: investment.institution };
    await moveTrustBalance(trx, actor.organizationId, investment.case_id, { bankCents: balance, investedCents: -balance });
    await postTrustEntry(trx, actor, { ...move, account: 'investment', amountCents: -balance });
    await postTrustEntry(trx, actor, { ...move, account: 'bank', amountCents: balance });
    await appendCaseEvent(trx, { organizationId: actor.organizationId, caseId: investment.case_id, actorId: actor.userId, kind: 'trust.investment', summary: `${formatZar(balance)} withdrawn from the s${investment.section} investment into trust`, details: { investmentId: investment.id } });
  });
  return investmentView(db, actor, investment.case_id, investment.id);
}
