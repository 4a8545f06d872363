// SPEC §4: the case statuses, zod-free so the Cases route's URL search can use them without
// putting zod in the app's first download (npm run bench:bundle).
export const CASE_STATUSES = ['Scheduled', 'In Progress', 'Completed'] as const;
export type TCaseStatus = (typeof CASE_STATUSES)[number];
