// Apart from domain/costs.ts (whose schemas pull zod in) so the "My time" route's loader, which loads
// with the first page, can name it without zod in the main chunk (decision 0048).

/** The most time entries "My time" asks for at once. */
export const MY_TIME_ENTRIES_MAX = 200;
