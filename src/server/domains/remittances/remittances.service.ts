import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { refreshAccountSums } from '../../../../db/account-sums';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import type { TAccountView, TRemittanceView } from '../../../shared/domain/account-wire';
import type { TLineStatus, TRemittanceInput, TShortfallAction } from '../../../shared/domain/medical-accounts';
import { formatZar, fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { getAccount } from '../accounts/accounts.service';
import { requireCaseAccess } from '../cases/case-access';
import { moveLines } from '../claims/claims.service';

// Remittances (issue 33, decision 0061): a scheme's remittance advice pays each claimed line in full,
// short-pays it or pays nothing (rejected), with its reason code. A line is paid once: the unique index
// on remittance_lines.account_line_id and the conditional status move (from submitted or accepted
// only) refuse a second remittance of it, under concurrent captures too (409). A scheme's reference is
// captured once (409). Then what the scheme did not pay goes to the patient or is written off — a
// decision recorded once per line (line_shortfalls), audited like every write. Nothing is edited.

const PAYABLE: TLineStatus[] = ['submitted', 'accepted'];
export const PAID_TWICE = 'A line is paid once: one of these lines is already on a remittance';

function outcomeOf(billed: number, paid: number): TLineStatus {
  if (paid >= billed) return 'paid';
  return paid === 0 ? 'rejected' : 'short-paid';
}

export async function captureRemittance(db: Kysely<DB>, actor: TenantActor, input: TRemittanceInput): Promise<TRemittanceView> {
  const ids = input.lines.map((l) => l.accountLineId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw new AppError('BAD_REQUEST', 'A line appears twice in the remittance', { [`lines.${twice}.accountLineId`]: 'This line is already on the remittance' });
  const lines = await db
    .selectFrom('account_lines as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .leftJoin('claims as c', 'c.id', 'l.claim_id')
    .leftJoin('remittance_lines as rl', 'rl.account_line_id', 'l.id')
    .select(['l.id', 'l.amount_cents', 'l.status', 'a.case_id', 'a.payer', 'c.scheme', 'rl.id as remitted'])
    .where('l.organization_id', '=', actor.organizationId)
    .where('l.id', 'in', ids)
    .execute();
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  if (lines.some((l) => l.remitted)) throw new AppError('CONFLICT', PAID_TWICE);
  const fields: Record<string, string> = {};
  input.lines.forEach((given, i) => {
    const line = lineOf.get(given.accountLineId);
    if (!line) fields[`lines.${i}.accountLineId`] = 'No such account line';
    else if (!PAYABLE.includes(line.status)) fields[`lines.${i}.accountLineId`] = `This line is ${line.status}; only claimed lines are remitted`;
    else if ((line.scheme ?? '').toLowerCase() !== input.scheme.toLowerCase()) fields[`lines.${i}.accountLineId`] = `This line was claimed from ${line.scheme}, not ${input.scheme}`;
    else if (given.paidCents > Number(line.amount_cents)) fields[`lines.${i}.paidCents`] = `More than the line's ${formatZar(Number(line.amount_cents))}`;
  });
  if (Object.keys(fields).length > 0) throw new AppError('BAD_REQUEST', 'Some remittance lines cannot be captured', fields);
  for (const caseId of new Set(lines.map((l) => l.case_id))) await requireCaseAccess(db, actor, caseId);

  const id = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('remittances')
        .values({ id, organization_id: actor.organizationId, scheme: input.scheme, date: input.date, reference: input.reference, total_cents: input.lines.reduce((s, l) => s + l.paidCents, 0), captured_by: actor.userId, captured_at: nowIso() })
        .execute();
      for (const given of input.lines) {
        const line = lineOf.get(given.accountLineId)!;
        await trx
          .insertInto('remittance_lines')
          .values({ id: randomUUID(), organization_id: actor.organizationId, remittance_id: id, account_line_id: line.id, paid_cents: given.paidCents, reason_code: given.reasonCode ?? null, reason: given.reason ?? null })
          .execute();
        const to = outcomeOf(Number(line.amount_cents), given.paidCents);
        const reason = to === 'paid' ? null : [given.reasonCode, given.reason].filter(Boolean).join(' ') || 'No reason given by the scheme';
        if ((await moveLines(trx, actor, [line.id], PAYABLE, to, reason)) !== 1) throw new AppError('CONFLICT', PAID_TWICE);
      }
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const sameReference = await db.selectFrom('remittances').select('id').where('organization_id', '=', actor.organizationId).where('scheme', '=', input.scheme).where('reference', '=', input.reference).executeTakeFirst();
    throw new AppError('CONFLICT', sameReference ? `Remittance ${input.reference} of ${input.scheme} was already captured` : PAID_TWICE);
  }
  return getRemittance(db, actor, id);
}

export async function getRemittance(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TRemittanceView> {
  const row = await db
    .selectFrom('remittances as r')
    .leftJoin('users as u', 'u.id', 'r.captured_by')
    .selectAll('r')
    .select(['u.first_name', 'u.last_name'])
    .where('r.organization_id', '=', actor.organizationId)
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Remittance not found');
  const lines = await db
    .selectFrom('remittance_lines as rl')
    .innerJoin('account_lines as l', 'l.id', 'rl.account_line_id')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(['rl.account_line_id', 'rl.paid_cents', 'rl.reason_code', 'rl.reason', 'l.amount_cents', 'l.status', 'l.account_id', 'a.number', 'a.case_id'])
    .where('rl.remittance_id', '=', id)
    .orderBy('a.number')
    .orderBy('l.position')
    .execute();
  for (const caseId of new Set(lines.map((l) => l.case_id))) await requireCaseAccess(db, actor, caseId);
  return {
    id: row.id, scheme: row.scheme, date: row.date, reference: row.reference, totalCents: Number(row.total_cents),
    capturedBy: row.captured_by ? (fullName(row.first_name, row.last_name) ?? 'Former member') : null, capturedAt: row.captured_at,
    lines: lines.map((l) => ({
      accountLineId: l.account_line_id, accountId: l.account_id, accountNumber: Number(l.number), billedCents: Number(l.amount_cents), paidCents: Number(l.paid_cents),
      reasonCode: l.reason_code, reason: l.reason, status: l.status,
    })),
  };
}

export async function listRemittances(db: Kysely<DB>, actor: TenantActor) {
  const rows = await db
    .selectFrom('remittances as r')
    .leftJoin('users as u', 'u.id', 'r.captured_by')
    .select((eb) => [
      'r.id', 'r.scheme', 'r.date', 'r.reference', 'r.total_cents', 'r.captured_by', 'r.captured_at', 'u.first_name', 'u.last_name',
      eb.selectFrom('remittance_lines as rl').select((e) => e.fn.countAll<number>().as('n')).whereRef('rl.remittance_id', '=', 'r.id').as('line_count'),
    ])
    .where('r.organization_id', '=', actor.organizationId)
    .orderBy('r.date', 'desc')
    .orderBy('r.captured_at', 'desc')
    .limit(200)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id, scheme: r.scheme, date: r.date, reference: r.reference, totalCents: Number(r.total_cents), lineCount: Number(r.line_count ?? 0),
      capturedBy: r.captured_by ? (fullName(r.first_name, r.last_name) ?? 'Former member') : null, capturedAt: r.captured_at,
    })),
  };
}

/** What the scheme did not pay on a rejected or short-paid line: to the patient, or written off. Once per line. */
export async function decideShortfall(db: Kysely<DB>, actor: TenantActor, lineId: string, action: TShortfallAction): Promise<TAccountView> {
  const line = await db
    .selectFrom('account_lines as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .leftJoin('remittance_lines as rl', 'rl.account_line_id', 'l.id')
    .select(['l.id', 'l.account_id', 'l.status', 'l.amount_cents', 'rl.paid_cents', 'a.case_id'])
    .where('l.organization_id', '=', actor.organizationId)
    .where('l.id', '=', lineId)
    .executeTakeFirst();
  if (!line) throw new AppError('NOT_FOUND', 'Account line not found');
  await requireCaseAccess(db, actor, line.case_id);
  if (line.status !== 'rejected' && line.status !== 'short-paid') throw new AppError('CONFLICT', `A line that is ${line.status} has no shortfall to decide`);
  const amount = Number(line.amount_cents) - Number(line.paid_cents ?? 0);
  const reason = action === 'write-off' ? `${formatZar(amount)} written off` : `${formatZar(amount)} moved to the patient`;
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('line_shortfalls').values({ id: randomUUID(), organization_id: actor.organizationId, account_line_id: line.id, action, amount_cents: amount, decided_by: actor.userId, decided_at: nowIso() }).execute();
      if (action === 'write-off') {
        if ((await moveLines(trx, actor, [line.id], ['rejected', 'short-paid'], 'written-off', reason)) !== 1) throw new AppError('CONFLICT', 'This line changed meanwhile; reload and try again');
      } else {
        await trx.insertInto('account_line_events').values({ id: randomUUID(), organization_id: actor.organizationId, line_id: line.id, from_status: line.status, to_status: line.status, reason, actor_id: actor.userId, at: nowIso() }).execute();
        await refreshAccountSums(trx, actor.organizationId, [line.account_id]);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', "This line's shortfall was already decided");
    throw error;
  }
  return getAccount(db, actor, line.account_id);
}
