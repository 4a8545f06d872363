import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { CONTACT_REQUEST_STATUSES, CONTACT_REQUEST_STATUS_LABELS, type TContactRequestStatus } from '../../../shared/domain/contact-requests';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { ContactRequestCard } from './contact-request-card';
import { FIRST_CONTACT_REQUEST_TAB, contactRequestsQuery } from './contact-requests-queries';

const EMPTY: Record<TContactRequestStatus, string> = {
  new: 'No new requests. What people send from the Contact Us form (/register) appears here.',
  in_progress: 'No request is being worked on.',
  closed: 'No request has been closed yet.',
};

/** /contact-requests (Super Admin, issue 17): the contact-us requests of /register, worked through by status. */
export function ContactRequestsScreen() {
  const identity = useIdentity();
  const allowed = can(identity, 'organizations.manage');
  const trpc = useTRPC();
  const [status, setStatus] = useState<TContactRequestStatus>(FIRST_CONTACT_REQUEST_TAB);
  const list = useQuery({ ...contactRequestsQuery(trpc, status), enabled: allowed });

  return (
    <AppPage title="Contact Requests" description="Organisations that asked us to set up an account: reply within 24 hours, then mark them in progress or closed">
      {!allowed ? (
        <RestrictedState>Only super admins can see contact requests.</RestrictedState>
      ) : (
        <Tabs value={status} onValueChange={(value) => setStatus(value as TContactRequestStatus)}>
          <TabsList aria-label="Contact requests by status">
            {CONTACT_REQUEST_STATUSES.map((s) => (
              <TabsTrigger key={s} value={s}>
                {CONTACT_REQUEST_STATUS_LABELS[s]}
                {list.data && <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{list.data.counts[s]}</span>}
              </TabsTrigger>
            ))}
          </TabsList>
          {CONTACT_REQUEST_STATUSES.map((s) => (
            <TabsContent key={s} value={s} className="grid gap-4">
              {list.isPending ? (
                <ListSkeleton label="Loading contact requests" />
              ) : list.isError ? (
                <ErrorState title="Could not load contact requests" error={list.error} onRetry={() => void list.refetch()} />
              ) : list.data.requests.length === 0 ? (
                <EmptyState icon={Inbox} title={`No ${CONTACT_REQUEST_STATUS_LABELS[s].toLowerCase()} requests`}>
                  {EMPTY[s]}
                </EmptyState>
              ) : (
                list.data.requests.map((request) => <ContactRequestCard key={request.id} request={request} />)
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </AppPage>
  );
}
