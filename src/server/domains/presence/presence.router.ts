import { router } from '../../trpc';

export const presenceRouter = router({});
