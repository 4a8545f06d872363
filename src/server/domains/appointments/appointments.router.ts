import { router } from '../../trpc';

export const appointmentsRouter = router({});
