import { router } from '../../trpc';

export const educationRouter = router({});
