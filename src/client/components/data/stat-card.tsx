import type { LucideIcon } from 'lucide-react';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

/** A figure a person acts on: large, labelled, with one line of context (ARCHITECTURE look and feel). */
export function StatCard({ label, value, detail, icon: Icon }: { label: string; value: string; detail?: string; icon: LucideIcon }) {
  return (
    <Card className="min-w-0 gap-2 py-4 sm:py-5">
      <div className="flex items-start justify-between gap-2 px-4 sm:px-5">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="px-4 text-2xl font-semibold tracking-tight tabular-nums sm:px-5 sm:text-3xl">{value}</p>
      {detail && <p className="px-4 text-xs text-muted-foreground sm:px-5">{detail}</p>}
    </Card>
  );
}

export function StatCardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div role="status" aria-busy="true" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <span className="sr-only">Loading figures…</span>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="gap-3 py-5">
          <Skeleton className="mx-5 h-4 w-1/2" />
          <Skeleton className="mx-5 h-8 w-1/3" />
          <Skeleton className="mx-5 h-3 w-2/3" />
        </Card>
      ))}
    </div>
  );
}
