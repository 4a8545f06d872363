import { router } from '../../trpc';

export const supportRouter = router({});
