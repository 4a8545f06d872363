import { cn } from '../../lib/utils';

// Small display helpers the portal's tabs share.

const TONES: Record<string, string> = {
  Final: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  Abnormal: 'border-red-200 bg-red-50 text-red-800',
  Pending: 'border-amber-200 bg-amber-50 text-amber-800',
  Active: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  Completed: 'border-slate-200 bg-slate-50 text-slate-700',
  Stopped: 'border-slate-200 bg-slate-50 text-slate-700',
  // Issue 22: the laboratory's flag on a result a clinician entered.
  'Flag: Critical': 'border-red-200 bg-red-50 text-red-800',
  'Flag: High': 'border-amber-200 bg-amber-50 text-amber-900',
  'Flag: Low': 'border-amber-200 bg-amber-50 text-amber-900',
  'Flag: Abnormal': 'border-amber-200 bg-amber-50 text-amber-900',
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
