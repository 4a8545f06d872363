import type { Trpc } from '../../trpc';

/**
 * The whole library in one call: filtering in the browser tells "none at all" (samples, §3.4) apart
 * from "none match" (the empty state). Shared by the screen and its route's loader.
 */
export const educationLibraryQuery = (trpc: Trpc) => trpc.education.list.queryOptions({});
