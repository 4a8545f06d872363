import { Check, X } from 'lucide-react';
import type { TTrialRequest } from '../../../shared/domain/trial-review';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { formatDate, formatDateTime } from '../../../shared/format';
import { StatusBadge } from '../../components/data/status-badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** One §3.7 trial request with every field the applicant gave, and its review. */
export function TrialRequestCard({
  request,
  onApprove,
  onReject,
}: {
  request: TTrialRequest;
  onApprove: (request: TTrialRequest) => void;
  onReject: (request: TTrialRequest) => void;
}) {
  const headingId = `trial-${request.id}-name`;
  const details: [string, string | number | null][] = [
    ['Platform', PLATFORM_CONFIG[request.platform].name],
    ['Organization type', request.organizationType],
    ['Contact person', request.contactPersonName],
    ['Email', request.email],
    ['Phone', request.phone],
    ['City', request.city],
    ['Province', request.province],
    ['Estimated beds', request.estimatedBeds],
    ['Estimated staff', request.estimatedStaff],
    ['Current system', request.currentSystem],
    ['How they heard of us', request.howDidYouHear],
  ];
  return (
    <Card aria-labelledby={headingId} data-testid="trial-request">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle id={headingId} asHeading="h2" className="text-base">
            {request.organizationName}
          </CardTitle>
          <p className="text-xs text-muted-foreground">Submitted {formatDateTime(request.createdAt)}</p>
        </div>
        <StatusBadge value={STATUS_LABEL[request.status]} className={STATUS_TONE[request.status]} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {details.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="break-words">{value === null || value === '' ? '—' : value}</dd>
            </div>
          ))}
          <div className="grid gap-0.5 sm:col-span-2 lg:col-span-3">
            <dt className="text-xs text-muted-foreground">Specific needs</dt>
            <dd className="whitespace-pre-wrap break-words">{request.specificNeeds ?? '—'}</dd>
          </div>
        </dl>
        <Review request={request} />
        {request.status === 'pending' && (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onReject(request)} aria-label={`Reject ${request.organizationName}`}>
              <X aria-hidden="true" />
              Reject
            </Button>
            <Button onClick={() => onApprove(request)} aria-label={`Approve ${request.organizationName}`}>
              <Check aria-hidden="true" />
              Approve
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_LABEL = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
// The shared badge knows 'Pending'; approved reads as done (green), rejected as refused (red).
const STATUS_TONE = { pending: undefined, approved: 'border-emerald-200 bg-emerald-50 text-emerald-800', rejected: 'border-red-200 bg-red-50 text-red-800' } as const;

function Review({ request }: { request: TTrialRequest }) {
  if (request.status === 'pending') return null;
  const by = `${request.reviewerName ?? 'A Super Admin'} on ${formatDate(request.reviewedAt)}`;
  return (
    <div className="rounded-lg border bg-muted/40 p-3 text-sm">
      {request.status === 'approved' ? (
        <p>
          Approved by {by}.{' '}
          {request.organization ? (
            <>
              Organization created: <span className="font-medium">{request.organization.name}</span>.
            </>
          ) : null}
        </p>
      ) : (
        <>
          <p>Rejected by {by}.</p>
          <p className="mt-1 whitespace-pre-wrap break-words">
            <span className="font-medium">Reason:</span> {request.rejectionReason ?? '—'}
          </p>
        </>
      )}
    </div>
  );
}
