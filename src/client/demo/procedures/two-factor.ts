import {
  ZChallengeInput,
  ZConfirmEnrolmentInput,
  ZDisableTwoFactorInput,
  ZFinishEnrolmentInput,
  ZPasswordConfirmInput,
  ZUpdateOrganizationSecurityInput,
  ZVerifyTwoFactorInput,
} from '../../../shared/domain/two-factor';
import { DemoError } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';

// Two-factor sign-in protects a real account; a demo visitor has none, so the screens show it off
// and every change is refused with a plain reason rather than faked.

const NO_ACCOUNT = 'Two-factor sign-in protects a real account. In the demo there is none to set up — sign in to use it.';
const refuse = () => {
  throw new DemoError('FORBIDDEN', NO_ACCOUNT);
};

export const twoFactorProcedures = {
  'auth.verifyTwoFactor': procedure({ input: ZVerifyTwoFactorInput, run: refuse }),
  'auth.startTwoFactorEnrolment': procedure({ input: ZChallengeInput, run: refuse }),
  'auth.finishTwoFactorEnrolment': procedure({ input: ZFinishEnrolmentInput, run: refuse }),
  'account.twoFactor': procedure({ input: null, run: (ctx) => ({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: ctx.isSuperAdmin }) }),
  'account.startTwoFactorEnrolment': procedure({ input: ZPasswordConfirmInput, run: refuse }),
  'account.confirmTwoFactorEnrolment': procedure({ input: ZConfirmEnrolmentInput, run: refuse }),
  'account.regenerateRecoveryCodes': procedure({ input: ZPasswordConfirmInput, run: refuse }),
  'account.disableTwoFactor': procedure({ input: ZDisableTwoFactorInput, run: refuse }),
  'users.security': procedure({
    input: null,
    capability: 'security.manage',
    run: (ctx) => ({ requireTwoFactor: false, membersWithoutTwoFactor: ctx.members.length }),
  }),
  'users.setSecurity': procedure({ input: ZUpdateOrganizationSecurityInput, capability: 'security.manage', run: refuse }),
} satisfies Partial<DemoProcedures>;
