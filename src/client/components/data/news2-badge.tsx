import type { TNews2Band } from '../../../shared/domain/news2';
import { cn } from '../../lib/utils';

// The NEWS2 score with its band's colour (RCP chart: low green, low–medium amber, medium orange,
// high red), on the case and the vitals monitor (issue 31).

const TONE: Record<TNews2Band, string> = {
  low: 'border-emerald-600/30 bg-emerald-50 text-emerald-800',
  'low-medium': 'border-amber-500/40 bg-amber-50 text-amber-900',
  medium: 'border-orange-500/50 bg-orange-100 text-orange-900',
  high: 'border-red-600/50 bg-red-100 text-red-900',
};

export function News2Badge({ score, band, className }: { score: number; band: TNews2Band; className?: string }) {
  return (
    <span className={cn('inline-flex w-fit items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', TONE[band], className)} data-testid="news2-badge">
      NEWS2 {score} · {band}
    </span>
  );
}
