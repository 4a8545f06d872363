import { router } from '../../trpc';

export const casesRouter = router({});
