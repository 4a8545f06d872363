import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2, Trash2, UserPlus, UserRound, Users } from 'lucide-react';
import { ADVERSE_PARTY_ROLES, PARTY_ROLES_BY_PLATFORM, partyRoleLabel, type TCaseParty, type TPartyRole } from '../../../shared/domain/case-parties';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import type { TPerson } from '../../../shared/domain/people';
import { can } from '../../../shared/roles';
import { formatDate } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { PersonPicker } from '../../components/people/person-picker';
import { formatIdNumber } from '../../components/people/person-labels';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { partiesQuery } from './case-queries';
import { ConflictCheckPanel } from './conflict-check-panel';

// Related parties of a case on every platform (issue 19): next of kin, guardian, referring doctor
// and medical aid in a hospital; plaintiff, defendant, opposing attorney, State Attorney, advocate,
// judge, expert and curator ad litem in a matter. Parties are people of the registry.

export function PartiesTab({ item }: { item: TCase }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const parties = useQuery(partiesQuery(trpc, item.id));
  const mayWrite = can(identity, 'caseFile.write');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TCaseParty | null>(null);
  const legal = identity.platform !== 'healthcare';

  const columns: Column<TCaseParty>[] = [
    {
      header: 'Name',
      cell: (p) => (
        <span className="flex items-center gap-1.5">
          {p.kind === 'organization' ? (
            <Building2 className="size-4 shrink-0 text-muted-foreground" aria-label="Organisation" />
          ) : (
            <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <Link to="/people/$personId" params={{ personId: p.personId }} className="font-medium text-primary underline-offset-4 hover:underline">
            {p.name}
          </Link>
        </span>
      ),
    },
    {
      header: 'Role',
      cell: (p) => (
        <span className="flex flex-wrap items-center gap-1.5">
          {partyRoleLabel(p.role, identity.platform)}
          {legal && ADVERSE_PARTY_ROLES.includes(p.role) && <Badge variant="outline">Other side</Badge>}
        </span>
      ),
    },
    { header: 'ID number', cell: (p) => <span className="font-mono text-xs">{p.idNumber ? formatIdNumber(p.idNumber) : '—'}</span> },
    {
      header: 'Added',
      cell: (p) => (
        <span className="grid text-xs">
          <span>{formatDate(p.addedAt)}</span>
          <span className="text-muted-foreground">by {p.addedByName}</span>
        </span>
      ),
    },
    ...(mayWrite
      ? [
          {
            header: 'Actions',
            className: 'text-right',
            cell: (p: TCaseParty) => (
              <Button variant="ghost" size="icon" className="size-8" aria-label={`Remove ${p.name} as ${partyRoleLabel(p.role, identity.platform)}`} title="Remove from this case" onClick={() => setRemoving(p)}>
                <Trash2 aria-hidden="true" />
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="grid gap-6">
      <section aria-labelledby="parties-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="parties-heading" className="text-lg font-semibold">
            Related parties
          </h2>
          {mayWrite && (
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden="true" /> Add party
            </Button>
          )}
        </div>
        {parties.isPending ? (
          <ListSkeleton rows={3} label="Loading the parties" />
        ) : parties.isError ? (
          <ErrorState title="Could not load the parties" error={parties.error} onRetry={() => void parties.refetch()} />
        ) : parties.data.items.length === 0 ? (
          <EmptyState icon={Users} title="No parties on this case">
            {legal
              ? 'Add the defendant, the opposing attorney, the State Attorney, advocates, experts and others involved in this matter.'
              : 'Add the next of kin, a guardian, the referring doctor or the medical aid.'}
          </EmptyState>
        ) : (
          <SimpleTable caption="Related parties of this case" columns={columns} rows={parties.data.items} rowKey={(p) => p.id} stackOnPhone />
        )}
      </section>
      {legal && <ConflictCheckPanel caseId={item.id} mayWrite={mayWrite} />}
      {mayWrite && <AddPartyDialog open={adding} onOpenChange={setAdding} item={item} />}
      {mayWrite && <RemovePartyDialog party={removing} caseId={item.id} onClose={() => setRemoving(null)} />}
    </div>
  );
}

function useInvalidateParties() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.parties.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() });
  };
}

function AddPartyDialog({ open, onOpenChange, item }: { open: boolean; onOpenChange: (open: boolean) => void; item: TCase }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const invalidate = useInvalidateParties();
  const roles = PARTY_ROLES_BY_PLATFORM[identity.platform];
  const [person, setPerson] = useState<TPerson | null>(null);
  const [role, setRole] = useState<TPartyRole | ''>('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ personId?: string; role?: string; notes?: string; form?: string }>({});
  const add = useMutation(trpc.parties.add.mutationOptions());
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setPerson(null);
      setRole('');
      setNotes('');
      setErrors({});
    }
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing = { personId: person ? undefined : 'Choose a person or organisation', role: role ? undefined : 'Choose the party’s role' };
    if (missing.personId || missing.role) return setErrors(missing);
    if (!person || !role) return;
    try {
      await add.mutateAsync({ id: item.id, personId: person.id, role, notes: notes.trim() || undefined });
      invalidate();
      toast({ title: 'Party added', description: `${person.fullName} as ${partyRoleLabel(role, identity.platform)}` });
      close(false);
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      setErrors({ personId: fields.personId, role: fields.role, notes: fields.notes, form: Object.keys(fields).length ? undefined : errorMessage(error) });
    }
  };
  const pending = add.isPending;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add a party</DialogTitle>
          <DialogDescription>Choose someone from the registry, or add a new person or organisation (the duplicate check runs as you type).</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">New party</legend>
            <PersonPicker
              label="Person or organisation"
              value={person}
              onChange={(next) => {
                setPerson(next);
                setErrors((e) => ({ ...e, personId: undefined }));
              }}
              allowCreate={can(identity, 'people.manage')}
              allowOrganisation
              required
              error={errors.personId}
            />
            <div className="grid gap-1.5">
              <Label htmlFor="party-role" data-error={!!errors.role} className="data-[error=true]:text-destructive">
                Role
                <span aria-hidden="true" className="-ml-1 text-destructive">
                  *
                </span>
              </Label>
              <Select
                value={role}
                onValueChange={(value) => {
                  setRole(value as TPartyRole);
                  setErrors((e) => ({ ...e, role: undefined }));
                }}
              >
                <SelectTrigger id="party-role" className="w-full" aria-invalid={!!errors.role} aria-required>
                  <SelectValue placeholder="Choose a role" />
                </SelectTrigger>
                <SelectContent>
                  {roles.map((r) => (
                    <SelectItem key={r} value={r}>
                      {partyRoleLabel(r, identity.platform)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {errors.role && <p className="text-sm text-destructive">{errors.role}</p>}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="party-notes">Notes</Label>
              <Textarea id="party-notes" rows={2} maxLength={1000} value={notes} onChange={(event) => setNotes(event.target.value)} placeholder="e.g. instructed by the MEC; reference 12/3/4" />
              {errors.notes && <p className="text-sm text-destructive">{errors.notes}</p>}
            </div>
            {errors.form && (
              <Alert variant="destructive">
                <AlertDescription>{errors.form}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit">{pending ? 'Adding...' : 'Add party'}</Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemovePartyDialog({ party, caseId, onClose }: { party: TCaseParty | null; caseId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateParties();
  const remove = useMutation(trpc.parties.remove.mutationOptions());
  const { platform } = useIdentity();
  const confirm = async () => {
    if (!party) return;
    try {
      await remove.mutateAsync({ id: caseId, partyId: party.id });
      invalidate();
      toast({ title: 'Party removed', description: `${party.name} is no longer ${partyRoleLabel(party.role, platform)} on this case.` });
      onClose();
    } catch (error) {
      toast({ title: 'Could not remove the party', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Dialog open={party !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Remove {party?.name}?</DialogTitle>
          <DialogDescription>
            {party ? `${party.name} is removed as ${partyRoleLabel(party.role, platform)} from this case.` : ''} The person stays in the registry and the timeline keeps the record.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            <Trash2 aria-hidden="true" /> {remove.isPending ? 'Removing...' : 'Remove party'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
