import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../features/auth/forgot-password-screen';
import { PublicPage } from '../features/public/public-layout';
import { usePageMeta } from '../lib/page-meta';

// Issue 16: ask for a password reset link (linked from /login).

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  usePageMeta({ title: 'Forgot Password | CaseBridge', description: 'Get a link to choose a new CaseBridge password.', path: '/forgot-password', noIndex: true });
  return (
    <PublicPage className="flex items-center justify-center">
      <ForgotPasswordScreen />
    </PublicPage>
  );
}
