import type { DemoIdentity } from '../lib/demo-identity';
import type { TOrganizationMember } from '../../shared/domain/users';
import type { TPlatform } from '../../shared/platform';
import { SUPER_ADMIN } from '../../shared/roles';
import { HOME_ORGANIZATION_ID, MAIL_DOMAIN } from './fixtures/organizations';
import { type DemoPersona, PERSONAS, SUPPORT_AGENT, displayName, splitName } from './fixtures/people';
import { type Overlay, timeId } from './overlay';

// What every demo procedure receives: who is acting, on which platform, the demo's fixed "now"
// (fixture times are drawn around it) and the write overlay.

export interface DemoContext {
  identity: DemoIdentity;
  platform: TPlatform;
  isSuperAdmin: boolean;
  /** The demo-data key of SPEC §6 (role label, 'Super Admin' for a super admin). */
  dataRole: string;
  organizationId: string;
  anchor: Date;
  overlay: Overlay;
  /** The acting person as the fixtures know them (the visitor's own persona, or one made for them). */
  me: DemoPersona;
  members: readonly DemoPersona[];
  /** Real time for writes: what the visitor does happens now. */
  nowIso(): string;
  newId(): string;
}

/** SPEC §6 names the demo-data roles in the singular ('Legal Consultant', 'Attorney'). */
export function dataRoleOf(identity: Pick<DemoIdentity, 'role' | 'isSuperAdmin'>): string {
  if (identity.isSuperAdmin || identity.role === SUPER_ADMIN) return SUPER_ADMIN;
  if (identity.role === 'Legal Consultants') return 'Legal Consultant';
  if (identity.role === 'Attorneys') return 'Attorney';
  return identity.role;
}

export function createContext(identity: DemoIdentity, overlay: Overlay): DemoContext {
  const platform = identity.platform;
  const personas = PERSONAS[platform];
  const isSuperAdmin = identity.isSuperAdmin || identity.role === SUPER_ADMIN;
  const own = personas.find((person) => person.id === identity.userId);
  // The stored role and name win over the persona's: the role switcher may have changed them.
  const me: DemoPersona = own
    ? {
        ...own,
        role: identity.role as DemoPersona['role'],
        ...(identity.name && identity.name !== displayName(own) ? splitName(identity.name) : {}),
      }
    : isSuperAdmin
      ? {
          id: identity.userId, honorific: null, firstName: SUPPORT_AGENT.firstName, lastName: SUPPORT_AGENT.lastName,
          title: SUPER_ADMIN, department: 'CaseBridge Platform Operations', permissions: [],
          // Not a member of any organisation; the persona shape needs a role, which nothing reads.
          role: 'Administrator',
          ...splitIfNamed(identity.name),
        }
      : { id: identity.userId, title: identity.role, role: identity.role as DemoPersona['role'], department: null, permissions: [], ...splitName(identity.name) };
  // The visitor is a member of the organisation they demo (a Super Admin is not: they run the system).
  const members = own ? personas.map((person) => (person.id === me.id ? me : person)) : isSuperAdmin ? personas : [...personas, me];
  return {
    identity,
    platform,
    isSuperAdmin,
    dataRole: dataRoleOf(identity),
    organizationId: HOME_ORGANIZATION_ID[platform],
    anchor: overlay.anchor,
    overlay,
    me,
    members,
    nowIso: () => new Date().toISOString(),
    newId: () => timeId(),
  };
}

function splitIfNamed(name: string): Partial<DemoPersona> {
  return name && name !== 'Demo User' ? splitName(name) : {};
}

export function personById(ctx: DemoContext, id: string | null | undefined): DemoPersona | undefined {
  return id ? ctx.members.find((person) => person.id === id) : undefined;
}

export function nameOf(ctx: DemoContext, id: string | null | undefined): string | null {
  if (id && id === SUPPORT_AGENT.id && !personById(ctx, id)) return `${SUPPORT_AGENT.firstName} ${SUPPORT_AGENT.lastName}`;
  const person = personById(ctx, id);
  return person ? displayName(person) : null;
}

export const myName = (ctx: DemoContext): string => displayName(ctx.me);

export function emailOf(platform: TPlatform, person: DemoPersona): string {
  return `${person.id.replace(/_/g, '.')}@${MAIL_DOMAIN[platform]}`;
}

export function toMember(ctx: DemoContext, person: DemoPersona): TOrganizationMember {
  return {
    id: person.id,
    // Account records carry the plain name; titles ('Dr', 'Adv.') live in display names only.
    firstName: person.firstName,
    lastName: person.lastName,
    email: emailOf(ctx.platform, person),
    role: person.role,
    department: person.department,
    status: 'active',
    isActive: true,
    lastSeenAt: null,
  };
}
