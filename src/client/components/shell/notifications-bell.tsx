import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Bell, CheckCheck } from 'lucide-react';
import type { TNotification, TNotificationList } from '../../../shared/domain/notifications';
import { relativeTime } from '../../../shared/format';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { Button } from '../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu';

// Issue 21: the bell of every member of an organisation, in the staff header and the patient portal.
// Type-only imports from the shared domain: it renders with the first page and must not pull zod in.
// It polls each minute and refetches on window focus and when opened, as the messages badge does.

const BELL_POLL_MS = 60_000;
const TYPE_DOT: Record<TNotification['type'], string> = { urgent: 'bg-red-600', assignment: 'bg-primary', system: 'bg-slate-400' };

/** The badge: the count, 9+ above nine, nothing when all is read. */
export function bellCount(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}

export function NotificationsBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const listKey = trpc.notifications.list.queryKey();
  const bell = useQuery({ ...trpc.notifications.list.queryOptions(), refetchInterval: BELL_POLL_MS, refetchOnWindowFocus: true });
  const settle = () => void queryClient.invalidateQueries({ queryKey: listKey });

  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onMutate: ({ id }) => {
        queryClient.setQueryData<TNotificationList>(listKey, (data) => {
          if (!data) return data;
          const wasUnread = data.items.some((n) => n.id === id && !n.isRead);
          return { items: data.items.map((n) => (n.id === id ? { ...n, isRead: true } : n)), unread: Math.max(0, data.unread - (wasUnread ? 1 : 0)) };
        });
      },
      onSettled: settle,
    }),
  );
  const readAll = useMutation(
    trpc.notifications.readAll.mutationOptions({
      onMutate: () => {
        queryClient.setQueryData<TNotificationList>(listKey, (data) => (data ? { items: data.items.map((n) => ({ ...n, isRead: true })), unread: 0 } : data));
      },
      onSettled: settle,
    }),
  );

  const items = bell.data?.items ?? [];
  const unread = bell.data?.unread ?? 0;
  const badge = bellCount(unread);

  const open = (notification: TNotification) => {
    if (!notification.isRead) markRead.mutate({ id: notification.id });
    if (notification.href) void navigate({ href: notification.href });
  };

  return (
    <DropdownMenu
      onOpenChange={(opened) => {
        if (opened) void bell.refetch();
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative size-9" aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'} data-testid="notifications-bell">
          <Bell aria-hidden="true" />
          {badge && (
            <span
              data-testid="notifications-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
              aria-hidden="true"
            >
              {badge}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))]" aria-label="Notifications">
        <DropdownMenuLabel className="flex items-center justify-between gap-2">
          <span>Notifications</span>
          <span className="text-xs font-normal text-muted-foreground">{unread > 0 ? `${unread} unread` : 'All read'}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground" data-testid="notifications-empty">
            {bell.isPending ? 'Loading...' : bell.isError ? 'Could not load your notifications.' : 'No notifications yet. You are all caught up.'}
          </p>
        ) : (
          <div className="max-h-[min(24rem,60vh)] overflow-y-auto">
            {items.map((n) => (
              <DropdownMenuItem key={n.id} onSelect={() => open(n)} className="items-start gap-2.5 py-2" data-testid="notification-item" data-unread={n.isRead ? undefined : 'true'}>
                <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.isRead ? 'bg-transparent' : TYPE_DOT[n.type])} aria-hidden="true" />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className={cn('text-sm', n.isRead ? 'text-muted-foreground' : 'font-semibold')}>
                    {!n.isRead && <span className="sr-only">Unread: </span>}
                    {n.title}
                  </span>
                  <span className="line-clamp-2 text-xs text-muted-foreground">{n.message}</span>
                </span>
                <span className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">{relativeTime(n.createdAt)}</span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
        {unread > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault(); // stays open: the list shows them read
                readAll.mutate();
              }}
              className="justify-center text-sm font-medium"
              data-testid="notifications-read-all"
            >
              <CheckCheck aria-hidden="true" />
              Mark all read
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
