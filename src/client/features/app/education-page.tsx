import { useQuery } from '@tanstack/react-query';
import { BookOpen, Clock, ExternalLink } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Card } from '../../components/ui/card';
import { useTRPC } from '../../trpc';
import { StatusBadge } from '../../components/data/status-badge';

/** SPEC §2.10 /education: the organisation's educational resources. */
export function EducationPage() {
  const trpc = useTRPC();
  const resources = useQuery(trpc.education.list.queryOptions({}));
  return (
    <AppPage title="Education" description="Training, compliance and clinical learning for your team">
      {resources.isPending ? (
        <ListSkeleton label="Loading resources" />
      ) : resources.isError ? (
        <ErrorState title="Could not load resources" error={resources.error} onRetry={() => void resources.refetch()} />
      ) : resources.data.length === 0 ? (
        <EmptyState icon={BookOpen} title="No resources">
          Courses, videos and articles shared with your organisation appear here.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {resources.data.map((resource) => (
            <li key={resource.id}>
              <Card className="h-full gap-3 px-5 py-5">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge value={resource.category} />
                  <span className="text-xs text-muted-foreground uppercase">{resource.type}</span>
                  {resource.duration !== null && (
                    <span className="ml-auto flex items-center gap-1 text-xs text-muted-foreground">
                      <Clock className="size-3.5" aria-hidden="true" />
                      {resource.duration} min
                    </span>
                  )}
                </div>
                <h2 className="text-sm font-semibold">{resource.title}</h2>
                {resource.description && <p className="line-clamp-3 text-sm text-muted-foreground">{resource.description}</p>}
                {resource.url && (
                  <a
                    href={resource.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Open resource
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AppPage>
  );
}
