import { Clock, ExternalLink } from 'lucide-react';
import type { TResource } from '../../../shared/domain/education';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';

const TYPE_LABEL: Record<TResource['type'], string> = { video: 'Video', pdf: 'PDF', article: 'Article', course: 'Course' };

/** One resource: type and category badges, duration in minutes (SPEC §9), a link when it has one. */
export function ResourceCard({ resource }: { resource: TResource }) {
  return (
    <Card className="h-full gap-3 px-5 py-5" data-testid="resource-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{TYPE_LABEL[resource.type]}</Badge>
        <Badge variant="outline" className="capitalize">
          {resource.category}
        </Badge>
        {resource.duration !== null && (
          <span className="ml-auto flex items-center gap-1 text-xs text-muted-foreground">
            <Clock className="size-3.5" aria-hidden="true" />
            {resource.duration} minutes
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
          <span className="sr-only">: {resource.title} (opens in a new tab)</span>
        </a>
      )}
    </Card>
  );
}
