import { ZLoginInput, ZRegisterSuperuserInput } from '../../../shared/domain/auth';
import {
  REGISTRATION_SUBMITTED_MESSAGE,
  TRIAL_SUBMITTED_MESSAGE,
  ZRegistrationRequestInput,
  ZTrialRequestInput,
} from '../../../shared/domain/onboarding';
import { capabilitiesOf } from '../../../shared/roles';
import { type DemoContext, emailOf } from '../context';
import { clearDemoOverlay } from '../overlay';
import { type DemoProcedures, procedure } from '../procedure';
import { homeOrganization } from './organizations';

// Sign-in, the public forms and presence. Writes succeed without leaving the browser (SPEC §7.1);
// no token is handed out, because no account was signed in.

/** SPEC §9 / §2.10: the Super Admin bell's "super-users online" figure. */
const SUPER_USERS_ONLINE = 3;

function currentDemoUser(ctx: DemoContext) {
  const organization = homeOrganization(ctx);
  return {
    id: ctx.identity.userId,
    firstName: ctx.me.firstName,
    lastName: ctx.me.lastName,
    email: ctx.isSuperAdmin && !ctx.members.includes(ctx.me) ? 'superadmin@casebridge.example' : emailOf(ctx.platform, ctx.me),
    role: ctx.identity.role,
    department: ctx.me.department,
    profileImageUrl: null,
    isSuperAdmin: ctx.isSuperAdmin,
    permissions: [...capabilitiesOf({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin })],
    organization: { id: organization.id, name: organization.name, platform: organization.platform },
    signedInBefore: true,
    // The demo sends no e-mail: invitation and reset links are shown to the Administrator (decision 0057).
    mailServer: false,
  };
}

export const authProcedures = {
  'auth.login': procedure({
    input: ZLoginInput,
    run: () => ({ success: true, token: null, message: 'Demo mode: you are already signed in to the demo.' }),
  }),

  'auth.registerSuperuser': procedure({
    input: ZRegisterSuperuserInput,
    run: () => ({ success: true, token: null, message: 'Demo mode: no account was created.' }),
  }),

  'auth.session': procedure({ input: null, run: (ctx) => currentDemoUser(ctx) }),

  'auth.me': procedure({ input: null, run: (ctx) => currentDemoUser(ctx) }),

  'auth.logout': procedure({
    input: null,
    run() {
      clearDemoOverlay();
      return { success: true };
    },
  }),

  'presence.superUsersOnline': procedure({ input: null, capability: 'support.manage', run: () => ({ count: SUPER_USERS_ONLINE }) }),
  'presence.heartbeat': procedure({ input: null, run: (ctx) => ({ success: true as const, lastSeenAt: ctx.nowIso() }) }),

  'onboarding.submitTrial': procedure({
    input: ZTrialRequestInput,
    run: (ctx) => ({ success: true as const, id: ctx.newId(), message: TRIAL_SUBMITTED_MESSAGE }),
  }),
  'onboarding.submitRegistration': procedure({
    input: ZRegistrationRequestInput,
    run: () => ({ success: true as const, message: REGISTRATION_SUBMITTED_MESSAGE }),
  }),
} satisfies Partial<DemoProcedures>;
