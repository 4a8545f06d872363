import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { dayKey } from '../../../shared/calendar';
import type { TWipReport, TWipReportInput } from '../../../shared/domain/fee-reports';
import { type TWipItem, wipReportOf } from '../../../shared/money/fee-reports';
import type { TenantActor } from '../../auth/actor';
import { caseFileReadable } from '../cases/case-visibility';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { matterNamesOf, userNamesOf } from './report-names';

// Work in progress across the firm (issue 34, decision 0067): the rule of a matter's WIP
// (fee-notes.service.ts workInProgress) — stopped time entries and disbursements on no live fee-note
// line — summed in SQL per matter × fee earner and per matter, so a firm of thousands of matters is
// two grouped queries. The join asks for live = 1 as a literal: it is the partial unique indexes' own
// condition (fee_note_lines_time_idx, …_disbursement_idx), which a bound parameter would not match.
// Restricted matters count only for those who may read them (need to know at the query layer).

export async function wipReport(db: Kysely<DB>, actor: TenantActor, input: TWipReportInput): Promise<TWipReport> {
  await requireBillingFirm(db, actor);
  const org = actor.organizationId;
  const [time, disbursements] = await Promise.all([
    db
      .selectFrom('time_entries as te')
      .leftJoin('fee_note_lines as fl', (join) => join.onRef('fl.time_entry_id', '=', 'te.id').on((eb) => eb('fl.live', '=', eb.lit(1))))
      .select((eb) => [
        'te.case_id',
        'te.user_id',
        eb.fn.sum<number | string>('te.total_cost_cents').as('cents'),
        eb.fn.sum<number | string>('te.duration_minutes').as('minutes'),
        eb.fn.min('te.start_time').as('oldest'),
      ])
      .where('te.organization_id', '=', org)
      .where('te.duration_minutes', 'is not', null)
      .where('fl.id', 'is', null)
      .where(caseFileReadable(actor, 'te.case_id'))
      .groupBy(['te.case_id', 'te.user_id'])
      .execute(),
    db
      .selectFrom('disbursements as d')
      .leftJoin('fee_note_lines as fl', (join) => join.onRef('fl.disbursement_id', '=', 'd.id').on((eb) => eb('fl.live', '=', eb.lit(1))))
      .select((eb) => ['d.case_id', eb.fn.sum<number | string>('d.amount_cents').as('cents'), eb.fn.min('d.date').as('oldest')])
      .where('d.organization_id', '=', org)
      .where('fl.id', 'is', null)
      .where(caseFileReadable(actor, 'd.case_id'))
      .groupBy('d.case_id')
      .execute(),
  ]);
  const items: TWipItem[] = [
    ...time.map((t) => ({
      caseId: t.case_id,
      feeEarnerId: t.user_id,
      timeCents: Number(t.cents),
      minutes: Number(t.minutes),
      disbursementsCents: 0,
      oldestDate: dayKey(t.oldest),
    })),
    ...disbursements.map((d) => ({
      caseId: d.case_id,
      feeEarnerId: null,
      timeCents: 0,
      minutes: 0,
      disbursementsCents: Number(d.cents),
      oldestDate: d.oldest,
    })),
  ];
  const limit = input.format === 'csv' ? null : input.limit;
  // Names only for what is shown: the matters of the first `limit` (found by a first pass without names) and every fee earner.
  const ids = wipReportOf(items, '', limit, { matter: () => ({ caseReference: null, client: '' }), feeEarner: () => '' });
  const [matter, feeEarner] = await Promise.all([
    matterNamesOf(
      db,
      org,
      ids.byMatter.map((m) => m.caseId),
    ),
    userNamesOf(
      db,
      ids.byFeeEarner.map((e) => e.feeEarnerId),
    ),
  ]);
  return wipReportOf(items, dayKey(), limit, { matter, feeEarner });
}
