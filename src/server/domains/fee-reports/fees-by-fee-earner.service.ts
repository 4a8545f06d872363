import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { dayKey } from '../../../shared/calendar';
import type { TFeesByFeeEarner, TFeesByFeeEarnerInput } from '../../../shared/domain/fee-reports';
import { periodOf } from '../../../shared/money/fee-period';
import { type TCentsAndMinutes, type TFeeEarnerSums, feesByFeeEarnerOf } from '../../../shared/money/fee-reports';
import type { TenantActor } from '../../auth/actor';
import { caseFileReadable } from '../cases/case-visibility';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { userNamesOf } from './report-names';

// Fees billed against target per fee earner (issue 34, decision 0067). "Billed" is what went out on
// tax invoices: the fee and fixed-fee lines (exclusive of VAT; disbursements are not fees) of fee
// notes issued in the period, by the line's fee earner, less the same lines of fee notes whose credit
// note is dated in the period — the accounting view: a fee note issued in March and credited in April
// counts in March and comes off in April. Beside it, the time recorded in the period (stopped entries
// started in it, at the rates of the day) and the hours billed, so a fee earner's recorded-to-billed
// ratio shows. Restricted matters count for those who may read them.

/** The instant a Johannesburg day starts (SAST is UTC+2 all year): stored timestamps are ISO UTC. */
const startOfSaDay = (day: string) => new Date(`${day}T00:00:00+02:00`).toISOString();
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function feesByFeeEarner(db: Kysely<DB>, actor: TenantActor, input: TFeesByFeeEarnerInput): Promise<TFeesByFeeEarner> {
  await requireBillingFirm(db, actor);
  const org = actor.organizationId;
  const { from, to } = periodOf(input, dayKey());
  const feeLines = () =>
    db
      .selectFrom('fee_note_lines as l')
      .innerJoin('fee_notes as f', 'f.id', 'l.fee_note_id')
      .select((eb) => [
        'l.fee_earner_id as user_id',
        eb.fn.sum<number | string>('l.amount_cents').as('cents'),
        eb.fn.sum<number | string>('l.minutes').as('minutes'),
      ])
      .where('l.organization_id', '=', org)
      .where('l.kind', 'in', ['fee', 'fixed-fee'])
      .where(caseFileReadable(actor, 'f.case_id'))
      .groupBy('l.fee_earner_id');
  const [billed, credited, recorded, targets] = await Promise.all([
    feeLines().where('f.issued_on', '>=', from).where('f.issued_on', '<=', to).execute(),
    feeLines().innerJoin('credit_notes as c', 'c.fee_note_id', 'f.id').where('c.date', '>=', from).where('c.date', '<=', to).execute(),
    db
      .selectFrom('time_entries as te')
      .select((eb) => [
        'te.user_id',
        eb.fn.sum<number | string>('te.total_cost_cents').as('cents'),
        eb.fn.sum<number | string>('te.duration_minutes').as('minutes'),
      ])
      .where('te.organization_id', '=', org)
      .where('te.duration_minutes', 'is not', null)
      .where('te.start_time', '>=', startOfSaDay(from))
      .where('te.start_time', '<', startOfSaDay(dayAfter(to)))
      .where(caseFileReadable(actor, 'te.case_id'))
      .groupBy('te.user_id')
      .execute(),
    db.selectFrom('fee_targets').select(['user_id', 'monthly_target_cents']).where('organization_id', '=', org).execute(),
  ]);
  const sums = new Map<string, TFeeEarnerSums>();
  const add = (rows: { user_id: string | null; cents: unknown; minutes: unknown }[], key: 'billed' | 'credited' | 'recorded') => {
    for (const r of rows) {
      if (!r.user_id) continue; // a line of no fee earner (none are written so; kept out rather than named "nobody")
      const value: TCentsAndMinutes = { cents: Number(r.cents ?? 0), minutes: Number(r.minutes ?? 0) };
      sums.set(r.user_id, { ...sums.get(r.user_id), [key]: value });
    }
  };
  add(billed, 'billed');
  add(credited, 'credited');
  add(recorded, 'recorded');
  for (const t of targets) sums.set(t.user_id, { ...sums.get(t.user_id), monthlyTargetCents: Number(t.monthly_target_cents) });
  return feesByFeeEarnerOf(sums, await userNamesOf(db, [...sums.keys()]), from, to);
}
