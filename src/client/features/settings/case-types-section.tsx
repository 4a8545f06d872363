import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { CASE_TYPE_NAME_MAX } from '../../../shared/domain/case-types';
import { can } from '../../../shared/roles';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { useWords } from '../../lib/words';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { SettingsSection } from './settings-section';

// Case types on /settings (issue 32), for Administrators (checklists.manage): the platform's list,
// and the organisation's own, added and removed here. The new-case dialog offers both.

export function CaseTypesSection() {
  const identity = useIdentity();
  const words = useWords();
  // The Super Admin holds every capability but no organisation of their own.
  if (identity.isSuperAdmin || !can(identity, 'checklists.manage')) return null;
  return (
    <SettingsSection
      id="case-types"
      title={`${words.Case} types`}
      description={`The types offered when a ${words.case} is opened: the platform's list and your organisation's own. Removing one changes no ${words.case}.`}
    >
      <CaseTypes />
    </SettingsSection>
  );
}

function CaseTypes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const types = useQuery(trpc.caseTypes.list.queryOptions());
  const add = useMutation(trpc.caseTypes.add.mutationOptions());
  const remove = useMutation(trpc.caseTypes.remove.mutationOptions());
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.caseTypes.pathKey() });

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await add.mutateAsync({ name });
      setName('');
      await refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const onRemove = async (id: string, label: string) => {
    try {
      await remove.mutateAsync({ id });
      await refresh();
      toast({ title: 'Removed', description: `${label} is no longer offered.` });
    } catch (e) {
      toast({ title: 'Could not remove it', description: errorMessage(e), variant: 'destructive' });
    }
  };

  if (types.isPending) return <ListSkeleton rows={3} label="Loading the case types" />;
  if (types.isError) return <ErrorState title="Could not load the case types" error={types.error} onRetry={() => void types.refetch()} />;
  return (
    <div className="grid gap-4">
      <ul className="flex flex-wrap gap-2" aria-label="Case types">
        {types.data.items.map((t) => (
          <li key={t.name}>
            {t.id ? (
              <Badge variant="accent" className="gap-1 pr-0.5">
                {t.name}
                <Button variant="ghost" size="icon" className="size-5" aria-label={`Remove ${t.name}`} title="Remove" onClick={() => void onRemove(t.id!, t.name)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </Badge>
            ) : (
              <Badge variant="outline">{t.name}</Badge>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void onAdd(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="new-case-type">Add your own</Label>
          <Input
            id="new-case-type"
            value={name}
            maxLength={CASE_TYPE_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'new-case-type-error' : undefined}
          />
        </div>
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden="true" /> Add
        </Button>
      </form>
      {error && (
        <p id="new-case-type-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
