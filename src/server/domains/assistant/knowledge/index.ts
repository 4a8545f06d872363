import type { Passage } from './passage';
import { PUBLIC_PASSAGES } from './public-pages';
import { ROLE_PLATFORM_PASSAGES } from './roles-platforms';
import { SCREEN_PASSAGES } from './screens';

export type { Passage } from './passage';
export { ROLE_MENU_PASSAGE_ID } from './roles-platforms';

/** The whole help knowledge base: fixed text, no database reads. */
export const PASSAGES: readonly Passage[] = [...PUBLIC_PASSAGES, ...SCREEN_PASSAGES, ...ROLE_PLATFORM_PASSAGES];
