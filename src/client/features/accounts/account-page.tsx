import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { dayKey } from '../../../shared/calendar';
import type { TAccountLineView, TAccountView } from '../../../shared/domain/account-wire';
import { LINE_STATUSES, PAYERS, PAYMENT_METHODS, type TPaymentMethod } from '../../../shared/domain/medical-accounts';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { ErrorState, ListSkeleton, RestrictedState, errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { fieldErrorsOf } from '../../lib/server-errors';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { randToCents } from '../../lib/rand-input';

// One account (issue 33): who it bills and under which cover, each line with its codes and where it
// stands (draft → submitted → accepted/rejected → paid/short-paid; written off; reversed), what would
// make the scheme reject it, the claim, shortfall decisions, patient payments with receipts, and the
// PDF. Nothing is edited: a mistake is a reversal.

export function AccountPage({ accountId }: { accountId: string }) {
  const identity = useIdentity();
  if (!can(identity, 'accounts.manage')) {
    return (
      <AppPage title="Account">
        <RestrictedState>Only Administrators and Case Managers work with the practice's accounts.</RestrictedState>
      </AppPage>
    );
  }
  return <Account accountId={accountId} />;
}

const LINE_TONE: Partial<Record<TAccountLineView['status'], 'destructive' | 'secondary' | 'outline'>> = { rejected: 'destructive', 'short-paid': 'destructive', reversed: 'outline', draft: 'outline' };

function Account({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const account = useQuery(trpc.accounts.get.queryOptions({ id: accountId }));
  const validation = useQuery({ ...trpc.accounts.validation.queryOptions({ id: accountId }), enabled: account.data?.lines.some((l) => l.status === 'draft') === true });
  const [paying, setPaying] = useState(false);
  const [authorising, setAuthorising] = useState<TAccountLineView | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.accounts.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.claims.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.charges.pathKey() });
  };
  const onError = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error), variant: 'destructive' });
  const claim = useMutation(
    trpc.claims.create.mutationOptions({
      onSuccess: async (c) => {
        await refresh();
        toast(c.status === 'failed' ? { title: 'The switch did not take the claim', description: c.failure ?? '', variant: 'destructive' } : { title: `Claim batch ${c.number} sent`, description: `${c.lines.length} lines to ${c.scheme}.` });
      },
      onError: onError('Not claimed'),
    }),
  );
  const reverse = useMutation(trpc.claims.reverseLine.mutationOptions({ onSuccess: refresh, onError: onError('Not reversed') }));
  const shortfall = useMutation(trpc.remittances.shortfall.mutationOptions({ onSuccess: refresh, onError: onError('Not decided') }));
  const reversePayment = useMutation(trpc.payments.reverse.mutationOptions({ onSuccess: refresh, onError: onError('Not reversed') }));

  if (account.isPending) return <AppPage title="Account"><ListSkeleton rows={5} label="Loading the account" /></AppPage>;
  if (account.isError) return <AppPage title="Account"><ErrorState title="Could not load the account" error={account.error} onRetry={() => void account.refetch()} /></AppPage>;
  const a = account.data;
  const drafts = a.lines.filter((l) => l.status === 'draft');
  const problems = validation.data?.problems ?? [];
  const positionOf = (lineId?: string) => a.lines.find((l) => l.id === lineId)?.position;
  const needsAuthorisation = new Set(problems.filter((p) => p.field === 'authorisationNumber' && p.lineId).map((p) => p.lineId));
  const askReason = (what: string) => window.prompt(`Why ${what}?`)?.trim();

  return (
    <AppPage
      title={`Account ${a.number}`}
      description={`${a.personName} · ${formatCalendarDay(a.accountDate)} · payer: ${a.payer === 'scheme' ? (a.cover?.scheme ?? PAYERS.scheme) : PAYERS.patient}`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline"><a href={`/api/accounts/${a.id}/pdf`} download>Account PDF</a></Button>
          {a.holderId && <Button asChild variant="outline"><a href={`/api/people/${a.holderId}/statement.pdf`} download>Statement PDF</a></Button>}
          {a.patientDueCents - a.patientPaidCents > 0 && <Button onClick={() => setPaying(true)}>Record payment</Button>}
        </div>
      }
    >
      <div className="grid gap-4">
        <section aria-labelledby="account-facts" className="grid gap-2 rounded-xl border bg-card p-4">
          <h2 id="account-facts" className="text-lg font-semibold">Billed to</h2>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <Fact label="Patient">{a.personName}{a.cover?.dependantCode ? ` (dependant ${a.cover.dependantCode})` : ''}</Fact>
            <Fact label="Account holder">{a.holderName ?? a.personName}</Fact>
            <Fact label="Case"><Link to="/patients/$caseId" params={{ caseId: a.caseId }} className="underline-offset-4 hover:underline">{a.caseReference ?? 'Open the case'}</Link></Fact>
            {a.cover?.kind === 'medical-aid' && <Fact label="Scheme">{[a.cover.scheme, a.cover.plan, a.cover.option].filter(Boolean).join(' · ')}</Fact>}
            {a.cover?.kind === 'medical-aid' && <Fact label="Membership number">{a.cover.membershipNumber ?? 'Not recorded'}</Fact>}
          </dl>
        </section>

        {a.payer === 'scheme' && drafts.length > 0 && (
          <section aria-labelledby="account-claim" className="grid gap-2 rounded-xl border bg-card p-4">
            <h2 id="account-claim" className="text-lg font-semibold">Before the claim</h2>
            {validation.isPending ? (
              <p className="text-sm text-muted-foreground">Checking what the scheme would reject…</p>
            ) : problems.length === 0 ? (
              <p className="text-sm">Nothing the scheme would reject: the {drafts.length} draft {drafts.length === 1 ? 'line is' : 'lines are'} ready to claim.</p>
            ) : (
              <ul className="grid gap-1 text-sm text-destructive" aria-label="Problems the scheme would reject">
                {problems.map((p) => (
                  <li key={`${p.lineId ?? 'account'}-${p.field}`}>{p.lineId ? `Line ${positionOf(p.lineId)}: ` : ''}{p.message}</li>
                ))}
              </ul>
            )}
            <div>
              <Button disabled={problems.length > 0 || validation.isPending || claim.isPending} onClick={() => claim.mutate({ accountIds: [a.id] })}>
                {claim.isPending ? 'Sending…' : 'Claim from the scheme'}
              </Button>
            </div>
          </section>
        )}

        <section aria-labelledby="account-lines" className="grid gap-2">
          <h2 id="account-lines" className="text-lg font-semibold">Lines</h2>
          <div className="overflow-x-auto rounded-xl border bg-card" role="region" aria-label="Account lines" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Lines of account {a.number}</caption>
              <thead className="border-b bg-muted/40 text-xs text-muted-foreground">
                <tr>
                  {['#', 'Date', 'Code', 'Description', 'ICD-10', 'Amount', 'Scheme paid', 'Status', 'Actions'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {a.lines.map((l) => (
                  <tr key={l.id}>
                    <td className="px-3 py-2">{l.position}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatCalendarDay(l.serviceDate)}</td>
                    <td className="px-3 py-2">{l.code}{l.codeList === 'nappi' ? ' (NAPPI)' : ''}</td>
                    <td className="px-3 py-2">{l.description}{l.pmb && <Badge variant="secondary" className="ml-1">PMB</Badge>}</td>
                    <td className="px-3 py-2">{l.icd10Codes.join(', ')}</td>
                    <td className="px-3 py-2 text-right">{formatZar(l.amountCents)}</td>
                    <td className="px-3 py-2 text-right">{formatZar(l.schemePaidCents)}</td>
                    <td className="px-3 py-2">
                      <Badge variant={LINE_TONE[l.status] ?? 'secondary'}>{LINE_STATUSES[l.status]}</Badge>
                      {l.statusReason && <span className="block text-xs text-muted-foreground">{l.statusReason}</span>}
                      {l.shortfall && <span className="block text-xs text-muted-foreground">{formatZar(l.shortfall.amountCents)} {l.shortfall.action === 'patient' ? 'to the patient' : 'written off'}</span>}
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-1">
                        {l.status === 'draft' && needsAuthorisation.has(l.id) && (
                          <Button size="sm" variant="outline" onClick={() => setAuthorising(l)}>
                            Add authorisation
                          </Button>
                        )}
                        {(l.status === 'rejected' || l.status === 'short-paid') && !l.shortfall && (
                          <>
                            <Button size="sm" variant="outline" onClick={() => shortfall.mutate({ id: l.id, action: 'patient' })}>To patient</Button>
                            <Button size="sm" variant="outline" onClick={() => shortfall.mutate({ id: l.id, action: 'write-off' })}>Write off</Button>
                          </>
                        )}
                        {['draft', 'submitted', 'accepted', 'rejected'].includes(l.status) && !l.shortfall && l.schemePaidCents === 0 && (
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Reverse line ${l.position}`}
                            onClick={() => {
                              const reason = askReason(`reverse line ${l.position}`);
                              if (reason) reverse.mutate({ id: l.id, reason });
                            }}
                          >
                            Reverse
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="account-balance" className="grid gap-2 rounded-xl border bg-card p-4">
          <h2 id="account-balance" className="text-lg font-semibold">Balance</h2>
          <dl className="grid gap-3 text-sm sm:grid-cols-5">
            <Fact label="Total">{formatZar(a.totalCents)}</Fact>
            <Fact label="Scheme paid">{formatZar(a.schemePaidCents)}</Fact>
            <Fact label="Written off">{formatZar(a.writtenOffCents)}</Fact>
            <Fact label="Patient paid">{formatZar(a.patientPaidCents)} of {formatZar(a.patientDueCents)}</Fact>
            <Fact label="Balance"><span className="text-base font-semibold">{formatZar(a.balanceCents)}</span></Fact>
          </dl>
          {a.payments.length > 0 && (
            <ul className="grid gap-1 text-sm" aria-label="Payments">
              {a.payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2">
                  <span>{formatCalendarDay(p.date)} · receipt {p.receiptNumber} · {PAYMENT_METHODS[p.method]} · {formatZar(p.amountCents)}{p.reversesId ? ' (reversal)' : ''}{p.reversedById ? ' · reversed' : ''}</span>
                  <a className="underline-offset-4 hover:underline" href={`/api/payments/${p.id}/receipt.pdf`} download>Receipt</a>
                  {!p.reversesId && !p.reversedById && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        const reason = askReason(`reverse receipt ${p.receiptNumber}`);
                        if (reason) reversePayment.mutate({ id: p.id, reason });
                      }}
                    >
                      Reverse
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {paying && <PaymentDialog account={a} onClose={() => setPaying(false)} onDone={refresh} />}
      {authorising && <AuthorisationDialog line={authorising} onClose={() => setAuthorising(null)} onDone={refresh} />}
    </AppPage>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function PaymentDialog({ account, onClose, onDone }: { account: TAccountView; onClose: () => void; onDone: () => Promise<void> }) {
  const trpc = useTRPC();
  const owed = account.patientDueCents - account.patientPaidCents;
  const record = useMutation(trpc.payments.record.mutationOptions());
  const [amount, setAmount] = useState((owed / 100).toFixed(2));
  const [method, setMethod] = useState<TPaymentMethod>('card');
  const [date, setDate] = useState(dayKey());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const payment = await record.mutateAsync({ id: account.id, amountCents: randToCents(amount), method, date });
      await onDone();
      toast({ title: `Receipt ${payment.receiptNumber}`, description: `${formatZar(payment.amountCents)} by ${PAYMENT_METHODS[payment.method]}.` });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error, errorMessage));
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Record payment</DialogTitle>
          <DialogDescription>The patient owes {formatZar(owed)} on account {account.number}.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="payment-amount">Amount (R)</Label>
            <Input id="payment-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={!!errors.amountCents} aria-describedby={errors.amountCents ? 'payment-amount-error' : undefined} />
            {errors.amountCents && <p id="payment-amount-error" className="text-sm text-destructive">{errors.amountCents}</p>}
          </div>
          <fieldset className="flex gap-4">
            <legend className="mb-1 text-sm font-medium">Method</legend>
            {(Object.keys(PAYMENT_METHODS) as TPaymentMethod[]).map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm">
                <input type="radio" name="payment-method" checked={method === m} onChange={() => setMethod(m)} /> {PAYMENT_METHODS[m]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1">
            <Label htmlFor="payment-date">Date</Label>
            <Input id="payment-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={!!errors.date} />
            {errors.date && <p className="text-sm text-destructive">{errors.date}</p>}
          </div>
          {errors.form && <p role="alert" className="text-sm text-destructive">{errors.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={record.isPending}>Record payment</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The scheme's pre-authorisation number on a draft line's charge (charges.correct), which validation asked for. */
function AuthorisationDialog({ line, onClose, onDone }: { line: TAccountLineView; onClose: () => void; onDone: () => Promise<void> }) {
  const trpc = useTRPC();
  const correct = useMutation(trpc.charges.correct.mutationOptions());
  const [value, setValue] = useState(line.authorisationNumber ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await correct.mutateAsync({ id: line.chargeId, authorisationNumber: value });
      await onDone();
      toast({ title: 'Authorisation number saved', description: `Line ${line.position}, ${line.code}.` });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error, errorMessage));
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Authorisation number</DialogTitle>
          <DialogDescription>
            The scheme pre-authorised {line.code} ({line.description}) under this number; without it the line is rejected.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="authorisation-number">Authorisation number</Label>
            <Input id="authorisation-number" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={!!errors.authorisationNumber} />
            {errors.authorisationNumber && <p className="text-sm text-destructive">{errors.authorisationNumber}</p>}
          </div>
          {errors.form && <p role="alert" className="text-sm text-destructive">{errors.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={correct.isPending}>Save</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
