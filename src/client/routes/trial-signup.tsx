import { createFileRoute } from '@tanstack/react-router';
import { TrialSignupPage } from '../features/public/trial-signup-page';

export const Route = createFileRoute('/trial-signup')({
  component: TrialSignupPage,
});
