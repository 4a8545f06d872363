import { casesListPath } from '../../../shared/case-paths';
import { PLATFORM_CONFIG, type TPlatform } from '../../../shared/platform';
import { ORGANIZATION_ROLES, SUPER_ADMIN, type TRole, can, isOrganizationRole, navigationFor } from '../../../shared/roles';
import { ROLE_MENU_PASSAGE_ID, type Passage } from './knowledge';
import type { Hit } from './search';

// Turns search hits into a short answer that names the screen and its route, in the asker's
// terminology, and says plainly when the asker's role or platform does not have that screen.

/** Who is asking, as far as the widget tells us; every part may be unknown on a public page. */
export interface Asker {
  role: TRole | null;
  platform: TPlatform | null;
}

export function askerOf(input: { role?: string | null; platform?: TPlatform | null }): Asker {
  const role = input.role === SUPER_ADMIN ? SUPER_ADMIN : input.role && isOrganizationRole(input.role) ? input.role : null;
  return { role, platform: input.platform ?? null };
}

const holder = (role: TRole) => ({ role, isSuperAdmin: role === SUPER_ADMIN });

/** Fills {cases}, {Cases}, {case} and {client} with the platform's words (SPEC §1). */
export function withTerminology(text: string, platform: TPlatform | null): string {
  const words = platform ? PLATFORM_CONFIG[platform].words : null;
  // A hospital's "patient cases", a law firm's "matters" (issue 32).
  const cases = words ? (words.case === 'case' ? `${words.person} cases` : words.cases) : 'patient cases (matters on Legal and Medicolegal)';
  return text
    .replaceAll('{Cases}', words ? words.casesTitle : 'Patient Cases')
    .replaceAll('{cases}', cases)
    .replaceAll('{case}', words ? (words.case === 'case' ? `${words.person} case` : words.case) : 'patient case or matter')
    .replaceAll('{client}', words?.person ?? 'patient or client');
}

const platformNames = (platforms: TPlatform[]) => platforms.map((p) => PLATFORM_CONFIG[p].name).join(' and ');

/** The roles that hold a passage's capability, for "it is for ..." sentences. */
function rolesWith(passage: Passage): string {
  const all: TRole[] = [...ORGANIZATION_ROLES, SUPER_ADMIN];
  const roles = all.filter((r) => passage.capability && can(holder(r), passage.capability));
  const shown = roles.filter((r) => r !== 'Patient' || passage.capability === 'patientPortal.view');
  return shown.length > 5 ? `${shown.slice(0, 5).join(', ')} and others` : shown.join(', ').replace(/, ([^,]*)$/, ' and $1');
}

/** The lead sentence: the screen and its route, so the answer starts with where to go. */
function where(passage: Passage, title: string, platform: TPlatform | null): string | null {
  return passage.route ? `${title} is at ${routeOn(passage.route, platform)}.` : null;
}

/** A screen's path on the asker's platform: a law firm's matters are at /clients (issue 32). */
function routeOn(route: string, platform: TPlatform | null): string {
  return route === '/patients' && platform ? casesListPath(platform) : route;
}

/** Sentences about the asker's own access to the passage's screen. */
function accessNote(passage: Passage, asker: Asker, title: string): string | null {
  if (passage.platforms) {
    if (asker.platform && !passage.platforms.includes(asker.platform)) {
      return `${title} is part of the ${platformNames(passage.platforms)} platform only, so it is not on ${PLATFORM_CONFIG[asker.platform].name}.`;
    }
    if (!asker.platform) return `${title} is available on the ${platformNames(passage.platforms)} platform.`;
  }
  if (!passage.capability || passage.public) return null;
  if (!asker.role) return passage.route ? 'Sign in, or try it in the demo at /user-select, to open it.' : null;
  if (!can(holder(asker.role), passage.capability)) {
    return `As ${asker.role} you don't have ${title} in your menu; it is for ${rolesWith(passage)}.`;
  }
  if (!passage.route || passage.route === '/') return null;
  // Some screens (Users, Billing, Tasks, Trial requests…) are reached from the dashboard, not the sidebar.
  const route = routeOn(passage.route, asker.platform);
  const inMenu = navigationFor(holder(asker.role), asker.platform ?? 'healthcare').some((item) => item.to === route);
  return inMenu ? `As ${asker.role} you have it in the left sidebar.` : `As ${asker.role} you can open it from your dashboard.`;
}

/** "Features in my role": the asker's own menu, from the same table the sidebar uses. */
function roleMenu(asker: Asker): string | null {
  if (!asker.role) return null;
  const platform = asker.platform ?? 'healthcare';
  const items = navigationFor(holder(asker.role), platform).map((i) => `${i.label} (${i.to})`);
  const on = asker.platform ? ` on ${PLATFORM_CONFIG[platform].name}` : '';
  return `As ${asker.role}${on}, your menu has: ${items.join(', ')}.`;
}

export function composeAnswer(hits: Hit[], asker: Asker): string {
  const [top, ...rest] = hits;
  if (!top) return unknownAnswer(asker);
  const { passage } = top;
  const title = withTerminology(passage.title, asker.platform);
  const parts: string[] = [];
  if (passage.id === ROLE_MENU_PASSAGE_ID) {
    const menu = roleMenu(asker);
    parts.push(menu ?? withTerminology(passage.text, asker.platform));
    if (!menu) parts.push('Pick a role in the demo at /user-select to see that role\'s own menu.');
  } else {
    const place = where(passage, title, asker.platform);
    if (place) parts.push(place);
    parts.push(withTerminology(passage.text, asker.platform));
    const note = accessNote(passage, asker, title);
    if (note) parts.push(note);
  }
  const also = rest.find((h) => h.score >= top.score * 0.35 && h.passage.route && h.passage.route !== passage.route);
  if (also?.passage.route) parts.push(`See also: ${withTerminology(also.passage.title, asker.platform)} (${routeOn(also.passage.route, asker.platform)}).`);
  return parts.join(' ');
}

/** The honest answer to a question the knowledge base does not cover. */
export function unknownAnswer(asker: Asker): string {
  const next = asker.role
    ? 'Our team can help through Live Support, the round chat button at the bottom right of your screen.'
    : 'Our team can help: use Contact Us at /register, or Live Support once you are signed in.';
  return `I'm sorry, I don't know that one. I can only answer questions about using CaseBridge, its screens, roles and platforms. ${next}`;
}
