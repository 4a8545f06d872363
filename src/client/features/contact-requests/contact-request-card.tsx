import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_REQUEST_STATUSES,
  CONTACT_REQUEST_STATUS_LABELS,
  type TContactRequest,
  type TContactRequestStatus,
} from '../../../shared/domain/contact-requests';
import { formatDate, formatDateTime } from '../../../shared/format';
import { StatusBadge } from '../../components/data/status-badge';
import { errorMessage } from '../../components/shell/data-states';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// The contact form's choices are stored as their values (law_firm, 11-50 …): shown as words here.
const WORDS: Record<string, string> = {
  hospital: 'Hospital', clinic: 'Clinic', health_center: 'Health Center', law_firm: 'Law Firm', legal_practice: 'Legal Practice',
  government: 'Government', other: 'Other', healthcare: 'Healthcare', legal: 'Legal', medicolegal: 'Medicolegal', multiple: 'Multiple platforms',
};
const words = (value: string | null) => (value === null ? null : (WORDS[value] ?? value));

// New asks for attention (amber), in progress is being worked (blue), closed is done (grey).
const STATUS_TONE: Record<TContactRequestStatus, string> = {
  new: 'border-amber-300 bg-amber-50 text-amber-900',
  in_progress: 'border-blue-200 bg-blue-50 text-blue-800',
  closed: 'border-slate-200 bg-slate-100 text-slate-700',
};

function StatusChange({ request }: { request: TContactRequest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.platform.updateContactRequest.mutationOptions({
      onSuccess: (updated) => {
        toast({ title: 'Status updated', description: `${updated.organizationName} is now ${CONTACT_REQUEST_STATUS_LABELS[updated.status].toLowerCase()}.` });
        void queryClient.invalidateQueries({ queryKey: trpc.platform.contactRequests.queryKey() });
      },
      onError: (error) => toast({ title: 'Could not update the status', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  const shown = update.isPending ? update.variables.status : request.status;
  return (
    <Select
      value={shown}
      disabled={update.isPending}
      onValueChange={(status) => {
        if (status !== request.status) update.mutate({ id: request.id, status: status as TContactRequestStatus });
      }}
    >
      <SelectTrigger className="h-8 w-40" aria-label={`Status of ${request.organizationName}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {CONTACT_REQUEST_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            {CONTACT_REQUEST_STATUS_LABELS[status]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** One contact-us request with everything the sender gave, its status and who changed it last. */
export function ContactRequestCard({ request }: { request: TContactRequest }) {
  const headingId = `contact-${request.id}-name`;
  const details: [string, string | null][] = [
    ['Contact person', request.contactPerson],
    ['Email', request.email],
    ['Phone', request.phone],
    ['Platform', words(request.platform)],
    ['Organization type', words(request.organizationType)],
    ['Number of users', request.userCount],
  ];
  return (
    <Card aria-labelledby={headingId} data-testid="contact-request">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle id={headingId} asHeading="h2" className="text-base">
            {request.organizationName}
          </CardTitle>
          <p className="text-xs text-muted-foreground">Sent {formatDateTime(request.createdAt)}</p>
        </div>
        <StatusBadge value={CONTACT_REQUEST_STATUS_LABELS[request.status]} className={STATUS_TONE[request.status]} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {details.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="break-words">
                {label === 'Email' && value ? (
                  <a href={`mailto:${value}`} className="text-primary underline-offset-4 hover:underline">
                    {value}
                  </a>
                ) : (
                  (value ?? '—')
                )}
              </dd>
            </div>
          ))}
          <div className="grid gap-0.5 sm:col-span-2 lg:col-span-3">
            <dt className="text-xs text-muted-foreground">Message</dt>
            <dd className="whitespace-pre-wrap break-words">{request.message ?? '—'}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <p className="text-xs text-muted-foreground">
            {request.statusChangedAt
              ? `Status set by ${request.statusChangedBy ?? 'a Super Admin'} on ${formatDate(request.statusChangedAt)}`
              : 'Nobody has picked this up yet.'}
          </p>
          <StatusChange request={request} />
        </div>
      </CardContent>
    </Card>
  );
}
