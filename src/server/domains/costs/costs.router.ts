import { router } from '../../trpc';

export const costsRouter = router({});
