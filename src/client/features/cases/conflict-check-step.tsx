import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Plus, SearchCheck, X } from 'lucide-react';
import { INTAKE_PARTIES_MAX, type TIntakeConflictCheck, type TIntakePartyRole } from '../../../shared/domain/conflict-checks';
import { ConflictCheckResult } from '../../components/conflict-checks/conflict-check-result';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useTRPC } from '../../trpc';

// The first step of a new matter on the legal platforms (issue 32, decision 0055): the conflict
// check at intake. The person running intake names the prospective client and the other side (name,
// SA ID or registration number), runs the search, sees where they appear in the firm's matters — an
// adverse hit marked — resolves adverse hits with a reason, and continues to the matter form with
// the check, which the new matter carries.

interface PartyRow {
  key: number;
  name: string;
  idNumber: string;
  role: TIntakePartyRole;
}

let nextKey = 1;
const row = (role: TIntakePartyRole): PartyRow => ({ key: nextKey++, name: '', idNumber: '', role });

export function ConflictCheckStep({ onContinue }: { onContinue: (check: TIntakeConflictCheck | null) => void }) {
  const trpc = useTRPC();
  const [rows, setRows] = useState<PartyRow[]>(() => [row('client'), row('opponent')]);
  const [check, setCheck] = useState<TIntakeConflictCheck | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const run = useMutation(trpc.conflictChecks.run.mutationOptions());

  const change = (key: number, patch: Partial<PartyRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setCheck(null);
  };

  const onRun = async () => {
    setFieldErrors({});
    // Rows left empty (an opponent not yet known) are not searched.
    const named = rows.filter((r, i) => i === 0 || r.name.trim() !== '' || r.idNumber.trim() !== '');
    try {
      const result = await run.mutateAsync({ parties: named.map((r) => ({ name: r.name, idNumber: r.idNumber, role: r.role })) });
      setCheck(result);
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      // parties.N.field → the row's key, so the message sits under the input it is about.
      const mapped: Record<string, string> = {};
      for (const [path, message] of Object.entries(fields)) {
        const match = /^parties\.(\d+)\.(name|idNumber|role)$/.exec(path);
        const r = match ? named[Number(match[1])] : undefined;
        mapped[r ? `${r.key}.${match![2]}` : 'form'] = message;
      }
      setFieldErrors(Object.keys(mapped).length > 0 ? mapped : { form: errorMessage(error) });
    }
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Before the matter is opened, search the prospective client and the other side in the organisation’s matters. The result is recorded and attached to the matter.
      </p>
      <fieldset className="grid gap-3" disabled={run.isPending}>
        <legend className="sr-only">Parties to search</legend>
        {rows.map((r, index) => {
          const label = index === 0 ? 'Prospective client' : r.role === 'opponent' ? `Opponent ${rows.slice(1, index + 1).filter((x) => x.role === 'opponent').length}` : `Other party ${rows.slice(1, index + 1).filter((x) => x.role === 'other').length}`;
          const nameError = fieldErrors[`${r.key}.name`];
          const idError = fieldErrors[`${r.key}.idNumber`];
          return (
            <div key={r.key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto]" role="group" aria-label={label}>
              <div className="grid gap-1">
                <Label htmlFor={`cc-name-${r.key}`}>{label}: name{index === 0 ? ' *' : ''}</Label>
                <Input id={`cc-name-${r.key}`} value={r.name} maxLength={200} autoComplete="off" aria-invalid={Boolean(nameError)} onChange={(e) => change(r.key, { name: e.target.value })} />
                {nameError && <p className="text-xs text-destructive">{nameError}</p>}
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`cc-id-${r.key}`}>{label}: ID or registration number</Label>
                <Input id={`cc-id-${r.key}`} value={r.idNumber} maxLength={20} autoComplete="off" inputMode="text" aria-invalid={Boolean(idError)} onChange={(e) => change(r.key, { idNumber: e.target.value })} />
                {idError && <p className="text-xs text-destructive">{idError}</p>}
              </div>
              <div className="flex items-end gap-1">
                {index > 0 && (
                  <>
                    <Select value={r.role} onValueChange={(value) => change(r.key, { role: value as TIntakePartyRole })}>
                      <SelectTrigger className="w-36" aria-label={`${label}: role`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value="opponent">Opponent</SelectItem>
                        <SelectItem value="other">Other party</SelectItem>
                      </SelectContent>
                    </Select>
                    <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={() => { setRows((all) => all.filter((x) => x.key !== r.key)); setCheck(null); }}>
                      <X aria-hidden="true" />
                    </Button>
                  </>
                )}
              </div>
            </div>
          );
        })}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={rows.length >= INTAKE_PARTIES_MAX} onClick={() => { setRows((all) => [...all, row('opponent')]); setCheck(null); }}>
            <Plus aria-hidden="true" />
            Add a party
          </Button>
          <Button type="button" size="sm" onClick={() => void onRun()}>
            <SearchCheck aria-hidden="true" />
            {run.isPending ? 'Searching…' : 'Run conflict check'}
          </Button>
        </div>
        {fieldErrors.form && <p className="text-sm text-destructive" role="alert">{fieldErrors.form}</p>}
      </fieldset>

      {check && <ConflictCheckResult check={check} onChange={setCheck} />}

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={() => onContinue(null)}>
          Skip the check
        </Button>
        <Button type="button" disabled={!check} onClick={() => check && onContinue(check)}>
          Continue to the matter
        </Button>
      </div>
    </div>
  );
}

