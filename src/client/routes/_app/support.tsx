import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { SupportPage } from '../../features/support/support-page';

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
  component: SupportRoute,
});

function SupportRoute() {
  const { identity } = Route.useRouteContext();
  const { chat } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SupportPage identity={identity} chatId={chat ?? null} onChatChange={(id) => void navigate({ search: { chat: id ?? undefined } })} />;
}
