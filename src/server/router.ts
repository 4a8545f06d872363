import { authRouter } from './auth/auth.router';
import { organizationsRouter } from './domains/organizations/organizations.router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  organizations: organizationsRouter,
});

export type AppRouter = typeof appRouter;
