import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Ban, Building2, Clock, Users } from 'lucide-react';
import { ErrorState } from '../../components/shell/data-states';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { useTRPC } from '../../trpc';
import { formatDate } from '../../components/data/app-format';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';
import { StatusBadge } from '../../components/data/status-badge';

/** SPEC §2.9 Super Admin: a platform overview across organisations (from organizations.list). */
export function SuperAdminOverview() {
  const trpc = useTRPC();
  const organizations = useQuery(trpc.organizations.list.queryOptions());
  if (organizations.isPending) return <StatCardsSkeleton count={4} />;
  if (organizations.isError) {
    return <ErrorState title="Could not load the organisations" error={organizations.error} onRetry={() => void organizations.refetch()} />;
  }

  const rows = organizations.data;
  const active = rows.filter((row) => row.isActive).length;
  const members = rows.reduce((sum, row) => sum + row.memberCount, 0);
  const trials = rows.filter((row) => row.trialEndsAt !== null).length;
  return (
    <>
      <section aria-label="Platform figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard icon={Building2} label="Total Organizations" value={String(rows.length)} detail={`${active} active`} />
        <StatCard icon={Users} label="Total Users" value={String(members)} detail="Members across organisations" />
        <StatCard icon={Clock} label="Active Trials" value={String(trials)} detail="30-day trials" />
        <StatCard icon={Ban} label="Deactivated" value={String(rows.length - active)} detail="Organisations switched off" />
      </section>
      <Card className="gap-4">
        <CardHeader className="flex items-center justify-between">
          <CardTitle className="text-base">Organizations</CardTitle>
          <Link to="/organizations" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Manage
          </Link>
        </CardHeader>
        <CardContent>
          {rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No organizations yet</p>
          ) : (
            <ul className="divide-y">
              {rows.slice(0, 6).map((row) => (
                <li key={row.id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{row.name}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {PLATFORM_CONFIG[row.platform].name} · {row.memberCount} members · since {formatDate(row.createdAt)}
                    </p>
                  </div>
                  <StatusBadge value={row.isActive ? 'Active' : 'Inactive'} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
