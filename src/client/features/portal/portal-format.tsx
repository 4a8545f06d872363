import { cn } from '../../lib/utils';

// Small display helpers the portal's tabs share.

const TIME_ZONE = 'Africa/Johannesburg';
const day = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });
const plainDay = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '22 Nov 2026' in South African time, or the fallback. */
export function formatDay(iso: string | null | undefined, fallback = 'Not set'): string {
  return iso ? day.format(new Date(iso)) : fallback;
}

/** A stored calendar day ('1958-04-12') without any time-zone shift. */
export function formatCalendarDay(value: string | null | undefined, fallback = 'Not set'): string {
  return value ? plainDay.format(new Date(`${value}T00:00:00.000Z`)) : fallback;
}

const TONES: Record<string, string> = {
  Final: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  Abnormal: 'border-red-200 bg-red-50 text-red-800',
  Pending: 'border-amber-200 bg-amber-50 text-amber-800',
  Active: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  Completed: 'border-slate-200 bg-slate-50 text-slate-700',
};

/** Result and medication statuses: green final / active, red abnormal, amber pending, grey done. */
export function RecordBadge({ value }: { value: string }) {
  return (
    <span className={cn('inline-flex w-fit items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONES[value] ?? TONES.Completed)}>
      {value}
    </span>
  );
}

/** A label / value pair of a details list. */
export function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{value || 'Not set'}</dd>
    </div>
  );
}
