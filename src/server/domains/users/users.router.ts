import { router } from '../../trpc';

export const usersRouter = router({});
