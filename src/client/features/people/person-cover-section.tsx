import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COVER_KINDS, type TCover, type TCoverKind } from '../../../shared/domain/medical-accounts';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { fieldErrorsOf } from '../../lib/server-errors';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// A person's cover on the person page (issue 33): cash, or a medical aid with the scheme, plan and
// option, membership number, dependant code and the main member who holds the account — what a
// claim bounces without. Healthcare only; reception (people.manage) records it.

export function PersonCoverSection({ personId }: { personId: string }) {
  const identity = useIdentity();
  if (!identity.platform || !PLATFORM_CONFIG[identity.platform].features.medicalAccounts || !can(identity, 'people.view')) return null;
  return <Cover personId={personId} editable={can(identity, 'people.manage')} />;
}

function Cover({ personId, editable }: { personId: string; editable: boolean }) {
  const trpc = useTRPC();
  const cover = useQuery(trpc.cover.get.queryOptions({ id: personId }));
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="person-cover" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="person-cover" className="text-lg font-semibold">
          Medical aid cover
        </h2>
        {editable && cover.data && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit cover
          </Button>
        )}
      </div>
      {cover.isPending ? (
        <ListSkeleton rows={2} label="Loading the cover" />
      ) : cover.isError ? (
        <ErrorState title="Could not load the cover" error={cover.error} onRetry={() => void cover.refetch()} />
      ) : (
        <CoverFacts cover={cover.data} />
      )}
      {editing && cover.data && <CoverDialog cover={cover.data} onClose={() => setEditing(false)} />}
    </section>
  );
}

function CoverFacts({ cover }: { cover: TCover }) {
  if (cover.kind === 'cash') return <p className="text-sm text-muted-foreground">Cash (private): the patient pays their own accounts.</p>;
  const facts: Array<[string, string | null]> = [
    ['Scheme', cover.scheme],
    ['Plan / option', [cover.plan, cover.option].filter(Boolean).join(' · ') || null],
    ['Membership number', cover.membershipNumber],
    ['Dependant code', cover.dependantCode],
    ['Main member (account holder)', cover.mainMemberId ? cover.mainMemberName : 'This person'],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">
            {value ?? <span className={label === 'Plan / option' ? 'text-muted-foreground' : 'text-destructive'}>Not recorded</span>}
          </dd>
        </div>
      ))}
      {cover.dependants.length > 0 && (
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Dependants on this membership</dt>
          <dd className="font-medium">{cover.dependants.map((d) => `${d.name} (${d.dependantCode ?? '—'})`).join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}

const TEXT_FIELDS = [
  ['scheme', 'Scheme', 'e.g. Discovery Health Medical Scheme'],
  ['plan', 'Plan', 'e.g. Classic'],
  ['option', 'Option', 'e.g. Comprehensive'],
  ['membershipNumber', 'Membership number', ''],
  ['dependantCode', 'Dependant code', '00 for the main member'],
] as const;

function CoverDialog({ cover, onClose }: { cover: TCover; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.cover.save.mutationOptions());
  const [kind, setKind] = useState<TCoverKind>(cover.kind);
  const [values, setValues] = useState<Record<string, string>>({
    scheme: cover.scheme ?? '',
    plan: cover.plan ?? '',
    option: cover.option ?? '',
    membershipNumber: cover.membershipNumber ?? '',
    dependantCode: cover.dependantCode ?? '',
  });
  const [mainMember, setMainMember] = useState<{
    id: string;
    name: string;
  } | null>(cover.mainMemberId ? { id: cover.mainMemberId, name: cover.mainMemberName ?? '' } : null);
  const [search, setSearch] = useState('');
  const found = useQuery({
    ...trpc.people.list.queryOptions({ search, page: 1, pageSize: 5 }),
    enabled: search.trim().length >= 2,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        id: cover.personId,
        kind,
        ...values,
        mainMemberId: mainMember?.id ?? '',
      });
      await queryClient.invalidateQueries({ queryKey: trpc.cover.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() });
      toast({ title: 'Cover saved' });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error, errorMessage));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Medical aid cover</DialogTitle>
          <DialogDescription>A dependant names their main member, who holds the account; the main member is dependant 00.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
          <fieldset className="flex gap-4">
            <legend className="mb-1 text-sm font-medium">Pays by</legend>
            {(Object.keys(COVER_KINDS) as TCoverKind[]).map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {COVER_KINDS[k]}
              </label>
            ))}
          </fieldset>
          {kind === 'medical-aid' && (
            <>
              {TEXT_FIELDS.map(([name, label, placeholder]) => (
                <div key={name} className="grid gap-1">
                  <Label htmlFor={`cover-${name}`}>{label}</Label>
                  <Input
                    id={`cover-${name}`}
                    value={values[name]}
                    placeholder={placeholder}
                    aria-invalid={!!errors[name]}
                    aria-describedby={errors[name] ? `cover-${name}-error` : undefined}
                    onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                  />
                  {errors[name] && (
                    <p id={`cover-${name}-error`} className="text-sm text-destructive">
                      {errors[name]}
                    </p>
                  )}
                </div>
              ))}
              <div className="grid gap-1">
                <Label htmlFor="cover-main-member">Main member (for a dependant)</Label>
                {mainMember ? (
                  <div className="flex items-center gap-2 text-sm">
                    <span className="font-medium">{mainMember.name}</span>
                    <Button type="button" variant="ghost" size="sm" onClick={() => setMainMember(null)}>
                      Clear
                    </Button>
                  </div>
                ) : (
                  <>
                    <Input id="cover-main-member" value={search} placeholder="Search people by name" onChange={(e) => setSearch(e.target.value)} />
                    <ul className="grid gap-1" aria-label="Matching people">
                      {(found.data?.items ?? [])
                        .filter((p) => p.id !== cover.personId)
                        .map((p) => (
                          <li key={p.id}>
                            <Button type="button" variant="outline" size="sm" onClick={() => setMainMember({ id: p.id, name: p.fullName })}>
                              {p.fullName}
                            </Button>
                          </li>
                        ))}
                    </ul>
                  </>
                )}
                {errors.mainMemberId && <p className="text-sm text-destructive">{errors.mainMemberId}</p>}
              </div>
            </>
          )}
          {errors.form && <p className="text-sm text-destructive">{errors.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save cover
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
