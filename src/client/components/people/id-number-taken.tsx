import { Link } from '@tanstack/react-router';
import { IdCard, UserCheck } from 'lucide-react';
import { can } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';

export interface IdNumberHolder {
  id: string;
  name: string;
}

/**
 * The SA ID number typed is already someone's (issue 32): an ID number belongs to one person per
 * organisation, so the form offers that person — open their record (where an Administrator merges
 * two records), or use them in the picker that opened the form — and never a second record.
 */
export function IdNumberTaken({ holder, editing, onUse, useLabel = 'Use this person', onOpen }: { holder: IdNumberHolder; editing: boolean; onUse?: () => void; useLabel?: string; onOpen: () => void }) {
  const mayMerge = can(useIdentity(), 'people.merge');
  return (
    <Alert data-testid="id-number-taken">
      <IdCard aria-hidden="true" />
      <AlertTitle className="line-clamp-none">This SA ID number is already {holder.name}’s</AlertTitle>
      <AlertDescription>
        <p>
          An SA ID number belongs to one person.{' '}
          {editing
            ? mayMerge
              ? `If this is the same person, open ${holder.name} and merge the two records there.`
              : `If this is the same person, ask an Administrator to merge the two records.`
            : `Use ${holder.name}’s record instead of adding a second one${mayMerge ? ', or merge the records from their page' : ''}.`}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          {onUse && !editing && (
            <Button type="button" size="sm" onClick={onUse}>
              <UserCheck aria-hidden="true" /> {useLabel === 'Use this person' ? `Use ${holder.name}` : useLabel}
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" asChild>
            <Link to="/people/$personId" params={{ personId: holder.id }} onClick={onOpen}>
              Open {holder.name}
            </Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
