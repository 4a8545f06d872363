import { router } from '../../trpc';

export const bedsRouter = router({});
