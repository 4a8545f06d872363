import type { ReactNode } from 'react';
import { ChevronRight, type LucideIcon } from 'lucide-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

// One section of /tasks: a heading with its count, the rows (each a link to where the work is done)
// and its own empty state.

interface TaskSectionProps<T> {
  id: string;
  icon: LucideIcon;
  title: string;
  total: number;
  items: readonly T[];
  empty: string;
  /** Where the whole list lives, for "Open …" and the "N more" line. */
  more: { label: string; link: ReactNode };
  row: (item: T) => ReactNode;
  rowKey: (item: T) => string;
}

export function TaskSection<T>({ id, icon: Icon, title, total, items, empty, more, row, rowKey }: TaskSectionProps<T>) {
  const titleId = `tasks-${id}-title`;
  return (
    <Card role="region" aria-labelledby={titleId} data-testid={`tasks-${id}`} className="gap-4">
      <CardHeader className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <CardTitle id={titleId} className="text-base">
            {title}
          </CardTitle>
          <CardDescription>
            <span className="font-semibold text-foreground tabular-nums" data-testid={`tasks-${id}-total`}>
              {total}
            </span>{' '}
            {more.label}
          </CardDescription>
        </div>
        {more.link}
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y" aria-label={title}>
            {items.map((item) => (
              <li key={rowKey(item)}>{row(item)}</li>
            ))}
          </ul>
        )}
        {total > items.length && (
          <p className="pt-3 text-sm text-muted-foreground">
            And {total - items.length} more — see the full list.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export const rowLinkClass =
  'flex items-center gap-3 rounded-md px-2 py-2.5 outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring';

/** "Open Schedule ›" at the right of a section heading. */
export function SectionLink({ to, label, search }: { to: LinkProps['to']; label: string; search?: Record<string, string> }) {
  return (
    <Link to={to} search={search as never} className="inline-flex shrink-0 items-center gap-0.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
      {label}
      <ChevronRight className="size-4" aria-hidden="true" />
    </Link>
  );
}
