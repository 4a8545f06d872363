import { router } from '../../trpc';

export const crmRouter = router({});
