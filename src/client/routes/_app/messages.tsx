import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { MessagesPage } from '../../features/app/messages-page';

export const Route = createFileRoute('/_app/messages')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: MessagesPage,
});
