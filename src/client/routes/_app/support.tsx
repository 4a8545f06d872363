import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { awaitOnEnter } from '../../lib/route-data';
import { SupportPage } from '../../features/support/support-page';
import { supportChatsQuery, supportThreadQuery } from '../../features/support/support-queries';

interface SupportSearch {
  chat?: string;
}

/** Lenient: a hand-edited ?chat= that is not an id just opens no chat. */
function validateSupportSearch(raw: Record<string, unknown>): SupportSearch {
  // The router reads ?chat=123 as a number: demo chat ids are digits.
  const value = typeof raw.chat === 'number' ? String(raw.chat) : raw.chat;
  const chat = typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined;
  return { chat };
}

export const Route = createFileRoute('/_app/support')({
  validateSearch: validateSupportSearch,
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loaderDeps: ({ search }) => search,
  // The chats, and the one ?chat= opens, before the screen mounts (lib/route-data.ts).
  loader: async ({ context: { queryClient, trpc }, deps, cause }) => {
    await awaitOnEnter(cause, [
      queryClient.ensureQueryData(supportChatsQuery(trpc)),
      deps.chat && queryClient.ensureQueryData(supportThreadQuery(trpc, deps.chat)),
    ]);
  },
  component: SupportRoute,
});

function SupportRoute() {
  const { identity } = Route.useRouteContext();
  const { chat } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SupportPage identity={identity} chatId={chat ?? null} onChatChange={(id) => void navigate({ search: { chat: id ?? undefined } })} />;
}
