import { cn } from '../../lib/utils';

// Status colours named by the SPEC (§2.11 beds, §4 cases and chats), one place for every list.
const TONES = {
  green: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  red: 'border-red-200 bg-red-50 text-red-800',
  yellow: 'border-amber-200 bg-amber-50 text-amber-800',
  blue: 'border-sky-200 bg-sky-50 text-sky-800',
  gray: 'border-slate-200 bg-slate-50 text-slate-700',
  violet: 'border-violet-200 bg-violet-50 text-violet-800',
} as const;

type Tone = keyof typeof TONES;

const TONE_OF: Record<string, Tone> = {
  // cases and appointments
  Scheduled: 'blue',
  'In Progress': 'yellow',
  Completed: 'green',
  Cancelled: 'gray',
  // priorities
  High: 'red',
  Medium: 'yellow',
  Low: 'gray',
  // beds
  Available: 'green',
  Occupied: 'red',
  Maintenance: 'yellow',
  Reserved: 'blue',
  Cleaning: 'violet',
  // CRM
  connected: 'green',
  syncing: 'blue',
  error: 'red',
  disconnected: 'gray',
  // test results
  Pending: 'yellow',
  Final: 'green',
  Abnormal: 'red',
  // organisations
  Active: 'green',
  Inactive: 'gray',
};

export function StatusBadge({ value, className }: { value: string; className?: string }) {
  const tone = TONE_OF[value] ?? 'violet';
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap capitalize',
        TONES[tone],
        className,
      )}
    >
      {value}
    </span>
  );
}
