import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, RotateCw } from 'lucide-react';
import { OUTBOX_STATUSES, type TOutboxMessage, type TOutboxStatus } from '../../../shared/domain/system-settings';
import { formatDateTime, pluralise } from '../../../shared/format';
import { StatusBadge } from '../../components/data/status-badge';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

const PAGE_SIZE = 20;

const STATUS_LABEL: Record<TOutboxStatus, string> = { stored: 'Stored', queued: 'Queued', sent: 'Sent', failed: 'Failed' };
// Stored waits for a person to forward it (yellow), sent is done, failed needs attention.
const STATUS_TONE: Record<TOutboxStatus, string> = {
  stored: 'border-amber-200 bg-amber-50 text-amber-800',
  queued: 'border-sky-200 bg-sky-50 text-sky-800',
  sent: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  failed: 'border-red-200 bg-red-50 text-red-800',
};
const toneOf = (status: string) => STATUS_TONE[status as TOutboxStatus];

/** The e-mail outbox: every message the product wrote, newest first; open one to read (and forward) it. */
export function OutboxList({ smtp }: { smtp: boolean }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<TOutboxStatus | ''>('');
  const [page, setPage] = useState(1);
  const outbox = useQuery({ ...trpc.platform.outbox.queryOptions({ status: status || undefined, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor="outbox-status">Status</Label>
        <select
          id="outbox-status"
          className="h-9 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as TOutboxStatus | '');
            setPage(1);
          }}
        >
          <option value="">All</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
        {outbox.data && <span className="text-sm text-muted-foreground">{pluralise(outbox.data.total, 'message')}</span>}
      </div>
      {outbox.isPending ? (
        <ListSkeleton label="Loading the outbox" />
      ) : outbox.isError ? (
        <ErrorState title="Could not load the outbox" error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.items.length === 0 ? (
        <EmptyState icon={Mail} title="No messages">
          Invitations and trial decisions appear here as they are written.
        </EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Outbox messages">
          {outbox.data.items.map((message) => (
            <OutboxItem key={message.id} message={message} canRetry={smtp} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Outbox pages" className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

function OutboxItem({ message, canRetry }: { message: TOutboxMessage; canRetry: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.platform.retryMail.mutationOptions({
      onSuccess: (result) => {
        toast(result.status === 'sent' ? { title: 'Sent', description: `The message to ${result.toAddress} was sent.` } : { title: 'Still failing', description: result.error ?? 'The SMTP server refused it again.', variant: 'destructive' });
        void queryClient.invalidateQueries({ queryKey: trpc.platform.outbox.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.platform.systemOverview.queryKey() });
      },
      onError: (error) => toast({ title: 'Could not send again', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  return (
    <li className="rounded-lg border bg-card" data-testid="outbox-message">
      {/* A native disclosure: keyboard and screen-reader friendly without script. */}
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{message.subject}</span>
            <span className="block truncate text-muted-foreground">To {message.toAddress}</span>
          </span>
          <span className="text-xs text-muted-foreground">{message.kind}</span>
          <StatusBadge value={STATUS_LABEL[message.status as TOutboxStatus] ?? message.status} className={toneOf(message.status)} />
          <span className="text-xs text-muted-foreground tabular-nums">{formatDateTime(message.createdAt)}</span>
        </summary>
        <div className="grid gap-3 border-t px-4 py-3 text-sm">
          {message.error && <p className="text-destructive">Delivery failed: {message.error}</p>}
          {message.sentAt && <p className="text-muted-foreground">Sent {formatDateTime(message.sentAt)}</p>}
          <pre className="max-h-80 overflow-auto rounded-md bg-muted/50 p-3 font-sans text-sm whitespace-pre-wrap break-words">{message.body}</pre>
          {message.status === 'failed' && canRetry && (
            <div>
              <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate({ id: message.id })}>
                <RotateCw aria-hidden="true" />
                {retry.isPending ? 'Sending...' : 'Send again'}
              </Button>
            </div>
          )}
        </div>
      </details>
    </li>
  );
}
