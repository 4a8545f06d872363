import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Search } from 'lucide-react';
import { RESOURCE_CATEGORIES, RESOURCE_TYPES, type TResource } from '../../../shared/domain/education';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useTRPC } from '../../trpc';
import { educationLibraryQuery } from './education-queries';
import { ResourceCard } from './resource-card';
import { SAMPLE_RESOURCES } from './sample-resources';
import { pluralise } from '../../../shared/format';

const ALL = 'all';
const TYPE_LABEL: Record<string, string> = { video: 'Video', pdf: 'PDF', article: 'Article', course: 'Course' };

/** SPEC §5: case-insensitive substring on title and description, then the category and type filters. */
function matches(resource: TResource, term: string, category: string, type: string): boolean {
  if (category !== ALL && resource.category !== category) return false;
  if (type !== ALL && resource.type !== type) return false;
  if (!term) return true;
  return `${resource.title}\n${resource.description ?? ''}`.toLowerCase().includes(term);
}

function FilterSelect({ id, label, value, onChange, options }: {
  id: string; label: string; value: string; onChange: (value: string) => void; options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** SPEC §2.10 /education: the organisation's resources with search, category and type filters. */
export function EducationScreen() {
  const trpc = useTRPC();
  const resources = useQuery(educationLibraryQuery(trpc));
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  const [category, setCategory] = useState(ALL);
  const [type, setType] = useState(ALL);

  const usingSamples = resources.data?.length === 0;
  const library = usingSamples ? SAMPLE_RESOURCES : (resources.data ?? []);
  const shown = library.filter((resource) => matches(resource, term, category, type));

  return (
    <AppPage title="Education" description="Training, compliance and clinical learning for your team">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="resource-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden="true" />
            <Input
              id="resource-search"
              type="search"
              placeholder="Search resources..."
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <FilterSelect
          id="resource-category"
          label="Category"
          value={category}
          onChange={setCategory}
          options={[{ value: ALL, label: 'All categories' }, ...RESOURCE_CATEGORIES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))]}
        />
        <FilterSelect
          id="resource-type"
          label="Type"
          value={type}
          onChange={setType}
          options={[{ value: ALL, label: 'All types' }, ...RESOURCE_TYPES.map((value) => ({ value, label: TYPE_LABEL[value] ?? value }))]}
        />
      </div>
      {resources.isPending ? (
        <ListSkeleton label="Loading resources" />
      ) : resources.isError ? (
        <ErrorState title="Could not load resources" error={resources.error} onRetry={() => void resources.refetch()} />
      ) : (
        <>
          {usingSamples && (
            <Alert>
              <BookOpen aria-hidden="true" />
              <AlertTitle>Sample resources</AlertTitle>
              <AlertDescription>Your organisation has not added any resources yet. These examples show what the library holds.</AlertDescription>
            </Alert>
          )}
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="resource-count">
            {pluralise(shown.length, 'resource')}
          </p>
          {shown.length === 0 ? (
            <EmptyState icon={BookOpen} title="No resources">
              No resource matches your search and filters.
            </EmptyState>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={usingSamples ? 'Sample resources' : 'Resources'}>
              {shown.map((resource) => (
                <li key={resource.id}>
                  <ResourceCard resource={resource} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </AppPage>
  );
}
