import { dayKey } from '../../../../shared/calendar';
import type { TCaseDeadline } from '../../../../shared/domain/case-deadlines';
import { formatCalendarDay } from '../../../../shared/format';

// What a deadline row says about how it stands (issue 32): who marked it and when, or what the
// service of summons decided. Days in South African style (28 Nov 2026).

export function deadlineStatusLine(d: Pick<TCaseDeadline, 'status' | 'statusBasis' | 'metOn' | 'outcome'>): string | null {
  const o = d.outcome;
  const by = o ? ` — recorded by ${o.recordedByName ?? 'someone'}, ${formatCalendarDay(dayKey(o.recordedAt))}` : '';
  switch (d.statusBasis) {
    case 'marked':
      return d.status === 'not-applicable' ? `Not applicable: ${o?.reason ?? 'no reason given'}${by}` : `Met on ${formatCalendarDay(d.metOn)}${by}`;
    case 'task-done':
      return `Met on ${formatCalendarDay(d.metOn)} (its task was done)`;
    case 'summons-served':
      return `Met on ${formatCalendarDay(d.metOn)}: summons served, which interrupts prescription (Prescription Act s15)`;
    case 'served-after-prescription':
      return 'Summons was served after the claim prescribed';
    case 'overdue-before-service':
      return o?.status === 'met'
        ? `Overdue before service: the notice was recorded as served on ${formatCalendarDay(o.on)}, after the summons${by}`
        : 'Overdue before service: summons was served without the notice recorded as served first (condonation, s3(4))';
    default:
      return null;
  }
}
