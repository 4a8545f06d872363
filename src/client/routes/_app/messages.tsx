import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { MessagesScreen } from '../../features/messages/messages-screen';
import { validateMessagesSearch } from '../../features/messages/messages-search';

export const Route = createFileRoute('/_app/messages')({
  validateSearch: (raw: Record<string, unknown>) => validateMessagesSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: MessagesScreen,
});
