import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/public/register-page';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});
