import { router } from '../../trpc';

// Issue 21: the bell of every signed-in user (list, read, read all) and the e-mail preferences.
export const notificationsRouter = router({});
