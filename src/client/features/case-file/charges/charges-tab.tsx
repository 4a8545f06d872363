import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Receipt } from 'lucide-react';
import type { TCharge } from '../../../../shared/domain/medical-accounts';
import type { TEncounter } from '../../../../shared/domain/encounters';
import { formatDate, formatZar } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useIdentity } from '../../../lib/identity';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { ChargeDialog } from './charge-dialog';

// Charges on a healthcare case (issue 33): what was done, by code, with its ICD-10 codes, the PMB
// flag and the account it is on once billed. Clinicians with charges.record add them (from an
// encounter, prefilled with its diagnoses) and void an unbilled one; everyone who reads records sees them;
// billing staff (accounts.manage) make an account of the unbilled charges and open it from its number.

export function ChargesTab({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const mayRecord = can(identity, 'charges.record');
  const charges = useQuery(trpc.charges.list.queryOptions({ id: caseId }));
  const encounters = useQuery({ ...trpc.encounters.list.queryOptions({ id: caseId }), enabled: mayRecord });
  const [dialog, setDialog] = useState<{ from: TEncounter | null } | null>(null);
  const voidIt = useMutation(
    trpc.charges.void.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Charge voided', description: 'It stays on the list, marked void.' });
        void queryClient.invalidateQueries({ queryKey: trpc.charges.list.queryKey({ id: caseId }) });
      },
      onError: (e) => toast({ title: 'Could not void the charge', description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const askVoid = (charge: TCharge) => {
    const reason = window.prompt(`Why void ${charge.code} × ${charge.quantity}?`);
    if (reason && reason.trim()) voidIt.mutate({ id: charge.id, reason: reason.trim() });
  };
  const mayBill = can(identity, 'accounts.manage');
  const navigate = useNavigate();
  const unbilled = (charges.data?.items ?? []).filter((c) => !c.voided && c.accountId === null);
  const makeAccount = useMutation(
    trpc.accounts.create.mutationOptions({
      onSuccess: async (account) => {
        toast({ title: `Account ${account.number} made`, description: `${account.lines.length} ${account.lines.length === 1 ? 'line' : 'lines'}, ${formatZar(account.totalCents)}.` });
        await queryClient.invalidateQueries({ queryKey: trpc.charges.list.queryKey({ id: caseId }) });
        await navigate({ to: '/accounts/$accountId', params: { accountId: account.id } });
      },
      onError: (e) => toast({ title: 'No account made', description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const encounterList = encounters.data?.items ?? [];
  const latest = encounterList.find((e) => e.amendedById === null) ?? null;

  return (
    <div className="grid gap-4">
      {mayRecord && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ from: null })}>
            <Receipt className="size-4" aria-hidden="true" /> Record charge
          </Button>
          {latest && (
            <Button variant="outline" onClick={() => setDialog({ from: latest })}>
              Charge from latest encounter
            </Button>
          )}
        </div>
      )}
      {mayBill && unbilled.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/30 p-3 text-sm">
          <span>
            {unbilled.length} unbilled {unbilled.length === 1 ? 'charge' : 'charges'}, {formatZar(unbilled.reduce((sum, c) => sum + c.amountCents + c.vatCents, 0))}.
          </span>
          <Button size="sm" disabled={makeAccount.isPending} onClick={() => makeAccount.mutate({ id: caseId, chargeIds: unbilled.map((c) => c.id) })}>
            Make account
          </Button>
        </div>
      )}
      {charges.isPending ? (
        <ListSkeleton rows={3} label="Loading the charges" />
      ) : charges.isError ? (
        <ErrorState title="Could not load the charges" error={charges.error} onRetry={() => void charges.refetch()} />
      ) : charges.data.items.length === 0 ? (
        <EmptyState icon={Receipt} title="No charges yet">
          {mayRecord ? 'Record what was done for the patient: a tariff or NAPPI code with its ICD-10 codes.' : 'Charges the clinicians record show here.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">Charges on the case, newest service date first</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Date</th>
                <th scope="col" className="px-3 py-2 font-medium">Code</th>
                <th scope="col" className="px-3 py-2 font-medium">Description</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Qty</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
                <th scope="col" className="px-3 py-2 font-medium">ICD-10</th>
                <th scope="col" className="px-3 py-2 font-medium">Account</th>
                {mayRecord && <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>}
              </tr>
            </thead>
            <tbody>
              {charges.data.items.map((c) => (
                <tr key={c.id} className={c.voided ? 'border-t text-muted-foreground line-through' : 'border-t'}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(c.serviceDate)}</td>
                  <td className="px-3 py-2 font-mono">{c.code}{c.modifier ? <span className="ml-1 text-xs">({c.modifier})</span> : null}</td>
                  <td className="px-3 py-2">
                    {c.description}
                    <span className="ml-2 inline-flex gap-1 no-underline">
                      {c.pmb && <Badge variant="secondary" title="A Chronic Disease List diagnosis: a prescribed minimum benefit">PMB</Badge>}
                      {c.needsAuthorisation && !c.authorisationNumber && <Badge variant="outline">Needs authorisation</Badge>}
                      {c.voided && <Badge variant="outline">Void</Badge>}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{c.quantity}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatZar(c.amountCents + c.vatCents)}{c.vatCents > 0 && <span className="block text-xs text-muted-foreground">incl. VAT {formatZar(c.vatCents)}</span>}</td>
                  <td className="px-3 py-2 font-mono text-xs">{c.icd10Codes.join(', ')}</td>
                  <td className="px-3 py-2">
                    {c.accountId && mayBill ? (
                      <Link to="/accounts/$accountId" params={{ accountId: c.accountId }} className="underline-offset-4 hover:underline">{c.accountNumber}</Link>
                    ) : (c.accountNumber ?? '—')}
                  </td>
                  {mayRecord && (
                    <td className="px-3 py-2 text-right">
                      {!c.voided && c.accountId === null && (
                        <Button size="sm" variant="ghost" disabled={voidIt.isPending} onClick={() => askVoid(c)}>Void</Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog && <ChargeDialog caseId={caseId} encounters={encounterList} fromEncounter={dialog.from} onClose={() => setDialog(null)} />}
    </div>
  );
}
