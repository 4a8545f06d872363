import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, Circle } from 'lucide-react';
import { CONTINGENCY_LIMITS, type TContingencyAgreement } from '../../../../shared/domain/contingency';
import { formatDate, formatZar } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { ErrorState, ListSkeleton, errorMessage } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useIdentity } from '../../../lib/identity';
import { randToCents } from '../../../lib/rand-input';
import { useTRPC } from '../../../trpc';
import { ContingencyDialog } from './contingency-dialog';

// The matter's contingency-fee agreement (issue 34, decision 0066): its terms and the s3 checklist,
// amended as versions, and at settlement a calculator — the success fee is the lesser of the uplifted
// normal fees and 25% of the award (costs excluded), VAT inside the 25%; both figures are shown.

function Checklist({ agreement }: { agreement: TContingencyAgreement }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label="The s3 checklist">
      {agreement.items.map((item) => (
        <li key={item.id} className="flex items-start gap-2">
          {item.checked ? (
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          ) : (
            <Circle aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          )}
          <span className={item.checked ? '' : 'text-muted-foreground'}>
            <span className="sr-only">{item.checked ? 'Confirmed: ' : 'Open: '}</span>
            {item.label}
          </span>
        </li>
      ))}
    </ul>
  );
}

function FeeCalculator({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const [award, setAward] = useState('');
  const [fees, setFees] = useState('');
  const [asked, setAsked] = useState<{ awardCents: number; normalFeesCents: number } | null>(null);
  const ids = { award: useId(), fees: useId() };
  const fee = useQuery({
    ...trpc.contingency.fee.queryOptions({ id: caseId, awardCents: asked?.awardCents ?? 0, normalFeesCents: asked?.normalFeesCents ?? 0 }),
    enabled: asked !== null,
    retry: false,
  });
  const fields = (fee.error as { data?: { fields?: Record<string, string> } } | null)?.data?.fields ?? {};
  return (
    <form
      className="grid gap-3 rounded-md border p-3"
      aria-label="Success fee calculator"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setAsked({ awardCents: randToCents(award), normalFeesCents: randToCents(fees) });
      }}
    >
      <h3 className="font-medium">Success fee at settlement</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.award}>Award, costs excluded (R)</Label>
          <Input id={ids.award} inputMode="decimal" value={award} onChange={(e) => setAward(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.fees}>Normal fees, excl. VAT (R)</Label>
          <Input id={ids.fees} inputMode="decimal" value={fees} onChange={(e) => setFees(e.target.value)} />
        </div>
        <Button type="submit" variant="outline">
          Work it out
        </Button>
      </div>
      {fee.isError && (
        <p role="alert" className="text-sm text-destructive">
          {fields.awardCents ?? fields.normalFeesCents ?? errorMessage(fee.error)}
        </p>
      )}
      {fee.data && (
        <dl className="grid gap-2 text-sm sm:grid-cols-3" aria-live="polite">
          <div>
            <dt className="text-muted-foreground">Normal fees + {fee.data.upliftPercent}%</dt>
            <dd className="text-lg tabular-nums">{formatZar(fee.data.upliftedCents)}</dd>
            {fee.data.vatVendor && <dd className="text-muted-foreground tabular-nums">{formatZar(fee.data.upliftedInclVatCents)} incl. VAT</dd>}
          </div>
          <div>
            <dt className="text-muted-foreground">25% of the award (the cap)</dt>
            <dd className="text-lg tabular-nums">{formatZar(fee.data.capCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Success fee{fee.data.vatVendor ? ' incl. VAT' : ''}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatZar(fee.data.feeCents)}</dd>
            {fee.data.vatVendor && (
              <dd className="text-muted-foreground tabular-nums">
                {formatZar(fee.data.feeExclVatCents)} + VAT {formatZar(fee.data.vatCents)}
              </dd>
            )}
          </div>
          <p className="sm:col-span-3">
            Limited by {CONTINGENCY_LIMITS[fee.data.limitedBy]}
            {fee.data.vatVendor ? ': the firm’s VAT is inside the 25%, never on top of it.' : '.'}
            {!fee.data.agreementComplete && ' The agreement’s s3 checklist is not complete: an agreement that does not comply may not support a success fee.'}
          </p>
        </dl>
      )}
    </form>
  );
}

export function ContingencyCard({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const mayEdit = can(identity, 'fees.record');
  const view = useQuery(trpc.contingency.get.queryOptions({ id: caseId }));
  const [editing, setEditing] = useState(false);
  const agreement = view.data?.agreement ?? null;
  const earlier = view.data?.history.slice(1) ?? [];
  return (
    <section aria-labelledby="contingency-heading">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id="contingency-heading">Contingency agreement</CardTitle>
            {mayEdit && view.isSuccess && (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                {agreement ? 'Amend' : 'Record agreement'}
              </Button>
            )}
          </div>
          <CardDescription>A success fee under the Contingency Fees Act: at most 100% above normal fees, never more than 25% of the award.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {view.isPending && <ListSkeleton rows={2} label="Loading the agreement" />}
          {view.isError && <ErrorState title="Could not load the agreement" error={view.error} onRetry={() => void view.refetch()} />}
          {view.isSuccess && !agreement && <p className="text-sm text-muted-foreground">No contingency-fee agreement on this matter.</p>}
          {agreement && (
            <>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-2xl font-semibold tabular-nums">{agreement.upliftPercent}%</span>
                <span>above normal fees</span>
                <Badge variant={agreement.complete ? 'default' : 'outline'}>
                  {agreement.complete ? 's3 checklist complete' : `${agreement.items.filter((i) => !i.checked).length} s3 items open`}
                </Badge>
                <Badge variant="secondary">Version {agreement.version}</Badge>
              </div>
              <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="text-muted-foreground">Normal-fee basis</dt>
                <dd>{agreement.normalFeeBasis}</dd>
                <dt className="text-muted-foreground">Signed on</dt>
                <dd>{formatDate(agreement.signedOn)}</dd>
                <dt className="text-muted-foreground">Recorded</dt>
                <dd>
                  {agreement.recordedBy ?? 'Former member'}, {formatDate(agreement.recordedAt)}
                </dd>
              </dl>
              <Checklist agreement={agreement} />
              {earlier.length > 0 && (
                <details className="text-sm">
                  <summary className="cursor-pointer text-muted-foreground">Earlier versions ({earlier.length})</summary>
                  <ul className="mt-1 grid gap-0.5">
                    {earlier.map((a) => (
                      <li key={a.id}>
                        Version {a.version}: {a.upliftPercent}% on {a.normalFeeBasis}, signed {formatDate(a.signedOn)} (recorded by{' '}
                        {a.recordedBy ?? 'a former member'}, {formatDate(a.recordedAt)})
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              <FeeCalculator caseId={caseId} />
            </>
          )}
        </CardContent>
        {editing && <ContingencyDialog caseId={caseId} current={agreement} onClose={() => setEditing(false)} />}
      </Card>
    </section>
  );
}
