import { Skeleton } from '../ui/skeleton';

/** Shown for the moment the shell's chunk loads: the same frame, greyed, so nothing jumps. */
export function ShellSkeleton() {
  return (
    <div role="status" aria-busy="true" className="min-h-svh bg-background">
      <span className="sr-only">Loading…</span>
      <div className="flex h-14 items-center gap-3 border-b px-4">
        <Skeleton className="size-8" />
        <Skeleton className="h-5 w-32" />
        <Skeleton className="ml-auto size-8 rounded-full" />
      </div>
      <div className="flex">
        <div className="hidden h-[calc(100svh-3.5rem)] w-64 flex-col gap-3 border-r bg-muted/40 p-3 md:flex">
          <Skeleton className="h-12 w-full" />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-8 w-full" />
          ))}
        </div>
        <div className="flex-1 p-6">
          <Skeleton className="h-8 w-48" />
        </div>
      </div>
    </div>
  );
}
