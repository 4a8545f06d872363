import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../features/auth/reset-password-screen';
import { PublicPage } from '../features/public/public-layout';
import { usePageMeta } from '../lib/page-meta';

// Issue 16: the link of a password reset e-mail, /reset-password?token=…

export const Route = createFileRoute('/reset-password')({
  // Hand-written rather than zod: route files load with the first page, and zod must not ride along.
  validateSearch: (raw: Record<string, unknown>): { token: string } => ({ token: typeof raw.token === 'string' ? raw.token.slice(0, 128) : '' }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  usePageMeta({ title: 'Choose a New Password | CaseBridge', description: 'Set a new CaseBridge password.', path: '/reset-password', noIndex: true });
  const { token } = Route.useSearch();
  return (
    <PublicPage className="flex items-center justify-center">
      <ResetPasswordScreen token={token} />
    </PublicPage>
  );
}
