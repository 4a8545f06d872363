import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Users } from 'lucide-react';
import type { TSupportBell, TSupportChat } from '../../../shared/domain/support';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { PRIORITY_DOT, bellBadge, bellTime, requestOpenSupportChat, statusBadgeClass } from '../../lib/support-tones';

// SPEC §2.10: the Super Admin's support bell in the header. Type-only imports from the shared
// domain: this renders with the first page and must not pull zod in.

/** SPEC §9: the bell refetches every 30 s and the super-users-online count every 60 s. */
const BELL_POLL_MS = 30_000;
const PRESENCE_POLL_MS = 60_000;

function BellItem({ chat }: { chat: TSupportChat }) {
  return (
    <DropdownMenuItem onSelect={() => requestOpenSupportChat(chat.id)} className="items-start gap-2.5 py-2">
      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', PRIORITY_DOT[chat.priority] ?? 'bg-slate-400')} aria-hidden="true" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate text-sm font-medium">{chat.title}</span>
        <span className="truncate text-xs text-muted-foreground">
          {chat.priority} · {chat.organizationName ?? chat.initiatorName}
        </span>
      </span>
      <span className="grid shrink-0 justify-items-end gap-0.5">
        <span className={statusBadgeClass(chat.status)}>{chat.status}</span>
        <span className="text-xs text-muted-foreground">{bellTime(chat.createdAt)}</span>
      </span>
    </DropdownMenuItem>
  );
}

export function SupportBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bellKey = trpc.support.bell.queryKey();
  const bell = useQuery({ ...trpc.support.bell.queryOptions(), refetchInterval: BELL_POLL_MS });
  const online = useQuery({ ...trpc.presence.superUsersOnline.queryOptions(), refetchInterval: PRESENCE_POLL_MS });
  const openBell = useMutation(
    trpc.support.openBell.mutationOptions({
      onMutate: () => {
        // Cleared on opening, before the server answers.
        queryClient.setQueryData<TSupportBell>(bellKey, (data) => (data ? { ...data, unseen: 0 } : data));
      },
      onSettled: () => void queryClient.invalidateQueries({ queryKey: bellKey }),
    }),
  );

  const badge = bellBadge(bell.data?.unseen ?? 0);
  const urgent = bell.data?.urgent ?? [];
  const recent = bell.data?.recent ?? [];
  const onlineCount = online.data?.count ?? 0;

  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (open) openBell.mutate();
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative size-9" aria-label={badge ? `Support requests, ${badge} new` : 'Support requests'} data-testid="support-bell">
          <Bell aria-hidden="true" />
          {badge && (
            <span
              data-testid="support-bell-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
              aria-hidden="true"
            >
              {badge}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))]">
        <DropdownMenuLabel className="flex items-center justify-between gap-2">
          <span>Support Requests</span>
          <span className="flex items-center gap-1 text-xs font-normal text-muted-foreground" data-testid="super-users-online">
            <Users className="size-3.5" aria-hidden="true" />
            {onlineCount} super {onlineCount === 1 ? 'user' : 'users'} online
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {urgent.length === 0 && recent.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{bell.isPending ? 'Loading...' : 'No open support requests'}</p>
        ) : (
          <>
            {urgent.length > 0 && (
              <>
                <DropdownMenuLabel className="text-xs text-muted-foreground">Urgent &amp; High</DropdownMenuLabel>
                {urgent.map((chat) => (
                  <BellItem key={`u-${chat.id}`} chat={chat} />
                ))}
              </>
            )}
            {recent.length > 0 && (
              <>
                {urgent.length > 0 && <DropdownMenuSeparator />}
                <DropdownMenuLabel className="text-xs text-muted-foreground">Recent</DropdownMenuLabel>
                {recent.map((chat) => (
                  <BellItem key={`r-${chat.id}`} chat={chat} />
                ))}
              </>
            )}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
