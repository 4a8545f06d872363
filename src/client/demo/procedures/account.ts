import {
  type TAccountProfile,
  type TAccountSession,
  ZChangePasswordInput,
  ZEndSessionInput,
  ZUpdateAccountProfileInput,
  describeUserAgent,
} from '../../../shared/domain/account';
import { type DemoContext, emailOf } from '../context';
import { DemoError } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { homeOrganization } from './organizations';

// /settings in demo mode: the profile is the demo identity's and the one session is this browser.
// A demo visitor has no account to change, so the writes are refused with a plain reason.

export const DEMO_SETTINGS_REFUSAL = 'Settings cannot be changed in demo mode.';
const DEMO_SESSION_ID = 'demo-session';

const refuse = () => {
  throw new DemoError('FORBIDDEN', DEMO_SETTINGS_REFUSAL);
};

function profile(ctx: DemoContext): TAccountProfile {
  // A demo Super Admin runs the system and belongs to no organisation, as signed in.
  const organization = ctx.isSuperAdmin ? null : homeOrganization(ctx);
  return {
    id: ctx.identity.userId,
    firstName: ctx.me.firstName,
    lastName: ctx.me.lastName,
    email: ctx.isSuperAdmin && !ctx.members.includes(ctx.me) ? 'superadmin@casebridge.example' : emailOf(ctx.platform, ctx.me),
    department: ctx.me.department,
    role: ctx.identity.role,
    isSuperAdmin: ctx.isSuperAdmin,
    organization: organization ? { id: organization.id, name: organization.name, platform: organization.platform } : null,
  };
}

function sessions(ctx: DemoContext): TAccountSession[] {
  const agent = typeof navigator === 'undefined' ? null : navigator.userAgent;
  return [
    {
      id: DEMO_SESSION_ID,
      createdAt: ctx.anchor.toISOString(),
      lastActiveAt: ctx.nowIso(),
      ip: null,
      device: describeUserAgent(agent),
      current: true,
      organizationName: ctx.isSuperAdmin ? null : homeOrganization(ctx).name,
    },
  ];
}

export const accountProcedures = {
  'account.profile': procedure({ input: null, run: profile }),
  'account.updateProfile': procedure({ input: ZUpdateAccountProfileInput, run: refuse }),
  'account.changePassword': procedure({ input: ZChangePasswordInput, run: refuse }),
  'account.sessions': procedure({ input: null, run: sessions }),
  'account.endSession': procedure({ input: ZEndSessionInput, run: refuse }),
} satisfies Partial<DemoProcedures>;
