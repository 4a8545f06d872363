import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Receipt } from 'lucide-react';
import { ACCOUNT_STAGES, type TAccountStage, type TAccountSummary } from '../../../shared/domain/account-wire';
import { CLAIM_STATUSES, PAYERS } from '../../../shared/domain/medical-accounts';
import { formatCalendarDay, formatDateTime, formatZar } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { AgedDebtorsPanel } from './aged-debtors-panel';
import { RemittanceDialog } from './remittance-dialog';

const TITLE = 'Accounts';

/**
 * /accounts (issue 33): the practice's accounts to medical schemes and patients, the claim batches
 * sent through the switch, the schemes' remittances and the aged debtors. For the Administrator and
 * the Case Manager (accounts.manage), on the healthcare platform.
 */
export function AccountsScreen() {
  const identity = useIdentity();
  if (!can(identity, 'accounts.manage')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only Administrators and Case Managers work with the practice's accounts.</RestrictedState>
      </AppPage>
    );
  }
  return (
    <AppPage title={TITLE} description="Accounts made from the charges on each case, claimed from the medical scheme through the switch, settled by remittances and patient payments.">
      <Tabs defaultValue="accounts">
        <TabsList className="h-auto max-w-full flex-wrap justify-start">
          <TabsTrigger value="accounts">Accounts</TabsTrigger>
          <TabsTrigger value="claims">Claims</TabsTrigger>
          <TabsTrigger value="remittances">Remittances</TabsTrigger>
          <TabsTrigger value="debtors">Aged debtors</TabsTrigger>
        </TabsList>
        <TabsContent value="accounts" className="mt-4">
          <AccountsList />
        </TabsContent>
        <TabsContent value="claims" className="mt-4">
          <ClaimsList />
        </TabsContent>
        <TabsContent value="remittances" className="mt-4">
          <RemittancesList />
        </TabsContent>
        <TabsContent value="debtors" className="mt-4">
          <AgedDebtorsPanel />
        </TabsContent>
      </Tabs>
    </AppPage>
  );
}

const STAGE_TONE: Record<TAccountStage, 'secondary' | 'outline' | 'default'> = { draft: 'outline', open: 'default', settled: 'secondary' };

function AccountsList() {
  const trpc = useTRPC();
  const [stage, setStage] = useState<TAccountStage | 'all'>('all');
  const accounts = useQuery(trpc.accounts.list.queryOptions(stage === 'all' ? {} : { stage }));
  const columns: Column<TAccountSummary>[] = [
    {
      header: 'Account',
      cell: (a) => (
        <Link to="/accounts/$accountId" params={{ accountId: a.id }} className="font-medium underline-offset-4 hover:underline">
          {a.number}
        </Link>
      ),
    },
    { header: 'Date', cell: (a) => formatCalendarDay(a.accountDate) },
    { header: 'Patient', cell: (a) => a.personName },
    { header: 'Account holder', cell: (a) => a.holderName ?? a.personName },
    { header: 'Payer', cell: (a) => (a.payer === 'scheme' ? (a.scheme ?? PAYERS.scheme) : PAYERS.patient) },
    { header: 'Total', cell: (a) => formatZar(a.totalCents), className: 'text-right' },
    { header: 'Balance', cell: (a) => formatZar(a.balanceCents), className: 'text-right' },
    {
      header: 'Stage',
      cell: (a) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={STAGE_TONE[a.stage]}>{ACCOUNT_STAGES[a.stage]}</Badge>
          {a.awaitingDecision > 0 && <Badge variant="destructive">{a.awaitingDecision} to decide</Badge>}
        </span>
      ),
    },
  ];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Show accounts">
        {(['all', 'draft', 'open', 'settled'] as const).map((s) => (
          <Button key={s} size="sm" variant={stage === s ? 'default' : 'outline'} aria-pressed={stage === s} onClick={() => setStage(s)}>
            {s === 'all' ? 'All' : ACCOUNT_STAGES[s]}
          </Button>
        ))}
      </div>
      {accounts.isPending ? (
        <ListSkeleton rows={4} label="Loading the accounts" />
      ) : accounts.isError ? (
        <ErrorState title="Could not load the accounts" error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : accounts.data.items.length === 0 ? (
        <EmptyState icon={Receipt} title="No accounts here">
          Accounts are made from a case's unbilled charges, on the case's Charges tab.
        </EmptyState>
      ) : (
        <SimpleTable caption="Accounts, newest first" columns={columns} rows={accounts.data.items} rowKey={(a) => a.id} stackOnPhone />
      )}
    </div>
  );
}

function ClaimsList() {
  const trpc = useTRPC();
  const claims = useQuery(trpc.claims.list.queryOptions());
  type Claim = NonNullable<typeof claims.data>['items'][number];
  const columns: Column<Claim>[] = [
    { header: 'Batch', cell: (c) => <span className="font-medium">{c.number}</span> },
    { header: 'Scheme', cell: (c) => c.scheme },
    { header: 'Sent', cell: (c) => formatDateTime(c.submittedAt) },
    { header: 'Lines', cell: (c) => c.lineCount },
    { header: 'Amount', cell: (c) => formatZar(c.totalCents), className: 'text-right' },
    { header: 'Status', cell: (c) => <Badge variant={c.status === 'failed' || c.status === 'rejected' ? 'destructive' : 'secondary'}>{CLAIM_STATUSES[c.status]}</Badge> },
    { header: 'Switch', cell: (c) => c.failure ?? c.switchReference ?? (c.transport === 'file' ? 'In the outbox folder' : '') },
    {
      header: 'Export',
      cell: (c) => (
        <a className="underline-offset-4 hover:underline" href={`/api/claims/${c.id}/export`} download={`claim-${c.number}.json`}>
          JSON
        </a>
      ),
    },
  ];
  if (claims.isPending) return <ListSkeleton rows={3} label="Loading the claims" />;
  if (claims.isError) return <ErrorState title="Could not load the claims" error={claims.error} onRetry={() => void claims.refetch()} />;
  if (claims.data.items.length === 0) return <EmptyState icon={Receipt} title="No claims sent yet">Claim an account's draft lines from its page.</EmptyState>;
  return <SimpleTable caption="Claim batches, newest first" columns={columns} rows={claims.data.items} rowKey={(c) => c.id} stackOnPhone />;
}

function RemittancesList() {
  const trpc = useTRPC();
  const remittances = useQuery(trpc.remittances.list.queryOptions());
  const [capturing, setCapturing] = useState(false);
  type Remittance = NonNullable<typeof remittances.data>['items'][number];
  const columns: Column<Remittance>[] = [
    { header: 'Date', cell: (r) => formatCalendarDay(r.date) },
    { header: 'Scheme', cell: (r) => r.scheme },
    { header: 'Reference', cell: (r) => <span className="font-medium">{r.reference}</span> },
    { header: 'Lines', cell: (r) => r.lineCount },
    { header: 'Paid', cell: (r) => formatZar(r.totalCents), className: 'text-right' },
    { header: 'Captured by', cell: (r) => r.capturedBy ?? '' },
  ];
  return (
    <div className="grid gap-3">
      <div>
        <Button onClick={() => setCapturing(true)}>Capture remittance</Button>
      </div>
      {remittances.isPending ? (
        <ListSkeleton rows={3} label="Loading the remittances" />
      ) : remittances.isError ? (
        <ErrorState title="Could not load the remittances" error={remittances.error} onRetry={() => void remittances.refetch()} />
      ) : remittances.data.items.length === 0 ? (
        <EmptyState icon={Receipt} title="No remittances captured yet">When a scheme pays, capture its remittance advice here, line by line or from its CSV.</EmptyState>
      ) : (
        <SimpleTable caption="Remittances, newest first" columns={columns} rows={remittances.data.items} rowKey={(r) => r.id} stackOnPhone />
      )}
      {capturing && <RemittanceDialog onClose={() => setCapturing(false)} />}
    </div>
  );
}
