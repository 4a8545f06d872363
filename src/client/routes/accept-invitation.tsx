import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitationScreen } from '../features/invitations/accept-invitation-screen';
import { PublicPage } from '../features/public/public-layout';
import { usePageMeta } from '../lib/page-meta';

// Issue 7: the link of an invitation e-mail, /accept-invitation?token=…

export const Route = createFileRoute('/accept-invitation')({
  // Hand-written rather than zod: route files load with the first page, and zod must not ride along.
  validateSearch: (raw: Record<string, unknown>): { token: string } => ({ token: typeof raw.token === 'string' ? raw.token.slice(0, 128) : '' }),
  component: AcceptInvitationPage,
});

function AcceptInvitationPage() {
  usePageMeta({ title: 'Accept Invitation | CaseBridge', description: 'Join your organisation on CaseBridge.', path: '/accept-invitation', noIndex: true });
  const { token } = Route.useSearch();
  return (
    <PublicPage className="flex items-center justify-center">
      <AcceptInvitationScreen token={token} />
    </PublicPage>
  );
}
