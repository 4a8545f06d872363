import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { TRIAL_REQUEST_STATUSES, type TTrialRequest, type TTrialRequestStatus } from '../../../shared/domain/trial-review';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { ApproveTrialDialog, RejectTrialDialog } from './trial-decision-dialogs';
import { TrialRequestCard } from './trial-request-card';
import { FIRST_TRIAL_REQUEST_TAB, trialRequestsQuery } from './trial-requests-queries';

const TAB_LABEL: Record<TTrialRequestStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const EMPTY: Record<TTrialRequestStatus, string> = {
  pending: 'No trial requests are waiting. New requests from /trial-signup appear here.',
  approved: 'No trial has been approved yet.',
  rejected: 'No trial request has been rejected.',
};

/** /trial-signups (Super Admin): review §3.7 trial requests; approve creates the organisation, reject records why. */
export function TrialSignupsScreen() {
  const identity = useIdentity();
  const allowed = can(identity, 'organizations.manage');
  const trpc = useTRPC();
  const [status, setStatus] = useState<TTrialRequestStatus>(FIRST_TRIAL_REQUEST_TAB);
  const list = useQuery({ ...trialRequestsQuery(trpc, status), enabled: allowed });
  const [approving, setApproving] = useState<TTrialRequest | null>(null);
  const [rejecting, setRejecting] = useState<TTrialRequest | null>(null);

  return (
    <AppPage title="Trial Signups" description="Review 30-day trial requests: approve to create the organization and invite its contact person">
      {!allowed ? (
        <RestrictedState>Only super admins can review trial requests.</RestrictedState>
      ) : (
        <Tabs value={status} onValueChange={(value) => setStatus(value as TTrialRequestStatus)}>
          <TabsList aria-label="Trial requests by status">
            {TRIAL_REQUEST_STATUSES.map((s) => (
              <TabsTrigger key={s} value={s}>
                {TAB_LABEL[s]}
                {list.data && <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{list.data.counts[s]}</span>}
              </TabsTrigger>
            ))}
          </TabsList>
          {TRIAL_REQUEST_STATUSES.map((s) => (
            <TabsContent key={s} value={s} className="grid gap-4">
              {list.isPending ? (
                <ListSkeleton label="Loading trial requests" />
              ) : list.isError ? (
                <ErrorState title="Could not load trial requests" error={list.error} onRetry={() => void list.refetch()} />
              ) : list.data.requests.length === 0 ? (
                <EmptyState icon={ClipboardList} title={`No ${TAB_LABEL[s].toLowerCase()} requests`}>
                  {EMPTY[s]}
                </EmptyState>
              ) : (
                list.data.requests.map((request) => (
                  <TrialRequestCard key={request.id} request={request} onApprove={setApproving} onReject={setRejecting} />
                ))
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
      <ApproveTrialDialog request={approving} onClose={() => setApproving(null)} />
      <RejectTrialDialog request={rejecting} onClose={() => setRejecting(null)} />
    </AppPage>
  );
}
