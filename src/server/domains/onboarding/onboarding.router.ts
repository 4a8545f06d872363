import { router } from '../../trpc';

export const onboardingRouter = router({});
