import { createFileRoute } from '@tanstack/react-router';
import { SuperuserRegisterPage } from '../features/public/superuser-register-page';

export const Route = createFileRoute('/superuser-register')({
  component: SuperuserRegisterPage,
});
