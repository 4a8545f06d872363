import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** Previous / Next under a paged list, with what the list holds ("Page 2 of 5 · 96 cases") beside them. */
export function Pager({
  page,
  hasNext,
  onPage,
  label = 'Pages',
  children,
}: {
  page: number;
  hasNext: boolean;
  onPage(next: number): void;
  label?: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      <span className="text-muted-foreground">{children}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
