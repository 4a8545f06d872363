import { ZMemberIdInput } from '../../../shared/domain/users';
import {
  PASSWORD_RESET_LIFETIME_MINUTES,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type TPasswordResetSent,
  ZConfirmPasswordResetInput,
  ZRequestPasswordResetInput,
  ZSendPasswordResetByEmailInput,
} from '../../../shared/domain/password-reset';
import { type DemoContext, emailOf } from '../context';
import type { DemoPersona } from '../fixtures/people';
import { DemoError, badRequest } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';

// Password reset in demo mode (issue 16). Asking for a link answers as the server does (the same
// words for every address; nothing is sent); links do not work in a demo session; the Administrator's
// and Super Admin's "send a reset link" succeed with a message kept in no outbox, as invitations do.

export const DEMO_RESET_LINK_REFUSAL = 'Password reset links do not work in demo mode. Open the link in a browser that is not running the demo.';

/** A link of the shape the server shows without a mail server, for the demo's "copy the link" dialog. */
export function demoLink(path: 'reset-password' | 'accept-invitation', seed: string): string {
  const origin = typeof window === 'undefined' ? 'https://casebridge.example' : window.location.origin;
  const token = `demo${seed.replace(/[^a-z2-7]/gi, '').toLowerCase()}`.padEnd(32, 'a').slice(0, 32);
  return `${origin}/${path}?token=${token}`;
}

function sent(ctx: DemoContext, person: DemoPersona): TPasswordResetSent {
  return {
    userId: person.id,
    email: emailOf(ctx.platform, person),
    expiresAt: new Date(Date.parse(ctx.nowIso()) + PASSWORD_RESET_LIFETIME_MINUTES * 60_000).toISOString(),
    mail: { id: `mail-reset-${ctx.newId()}`, status: 'stored' },
    // The demo has no mail server: the link is shown to pass on (decision 0057); it does not work in a demo session.
    sent: false,
    link: demoLink('reset-password', ctx.newId()),
  };
}

export const passwordResetProcedures = {
  'auth.requestPasswordReset': procedure({
    input: ZRequestPasswordResetInput,
    run: () => ({ success: true as const, message: PASSWORD_RESET_REQUESTED_MESSAGE }),
  }),
  'auth.confirmPasswordReset': procedure({
    input: ZConfirmPasswordResetInput,
    run: () => {
      throw badRequest(DEMO_RESET_LINK_REFUSAL, { token: DEMO_RESET_LINK_REFUSAL });
    },
  }),
  'users.sendPasswordReset': procedure({
    input: ZMemberIdInput,
    capability: 'users.manage',
    run: (ctx, input) => {
      const person = ctx.members.find((m) => m.id === input.userId);
      if (!person) throw new DemoError('NOT_FOUND', 'Member not found in your organisation.');
      return sent(ctx, person);
    },
  }),
  'platform.sendPasswordReset': procedure({
    input: ZSendPasswordResetByEmailInput,
    capability: 'organizations.manage',
    run: (ctx, input) => {
      const person = ctx.members.find((m) => emailOf(ctx.platform, m) === input.email);
      if (!person) throw new DemoError('NOT_FOUND', `No account uses ${input.email}.`, { email: `No account uses ${input.email}.` });
      return sent(ctx, person);
    },
  }),
} satisfies Partial<DemoProcedures>;
