import { router } from '../../trpc';

export const messagesRouter = router({});
