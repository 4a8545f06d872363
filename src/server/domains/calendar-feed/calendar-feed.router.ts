import { router } from '../../trpc';

// Issue 21: the private iCalendar (.ics) address of each user — make, see and revoke.
export const calendarFeedRouter = router({});
