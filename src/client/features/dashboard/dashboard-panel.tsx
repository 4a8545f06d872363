import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ErrorState } from '../../components/shell/data-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

// One frame for every dashboard panel: a titled card with an optional link to the full screen, and
// the same loading, error and empty states everywhere.

interface PanelProps {
  title: string;
  description?: string;
  link?: { to: LinkProps['to']; label: string };
  children: ReactNode;
}

export function DashboardPanel({ title, description, link, children }: PanelProps) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {link && (
          <Link to={link.to} className="shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline">
            {link.label}
          </Link>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function PanelSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/** Renders a query's loading and error states, else `children(data)`. */
export function PanelQuery<T>({ query, what, children }: { query: QueryLike<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <PanelSkeleton />;
  if (query.isError || query.data === undefined) return <ErrorState title={`Could not load ${what}`} error={query.error} />;
  return <>{children(query.data)}</>;
}
