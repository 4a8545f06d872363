import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { MessagesScreen } from '../../features/messages/messages-screen';

export const Route = createFileRoute('/_app/messages')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: MessagesScreen,
});
