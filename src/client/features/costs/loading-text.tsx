/** SPEC §2.12: the cost screen reads 'Loading...' while its data comes in. */
export function LoadingText() {
  return (
    <p role="status" aria-live="polite" className="rounded-xl border bg-card px-4 py-8 text-center text-sm text-muted-foreground">
      Loading...
    </p>
  );
}
