import type { TInvitation, TInvitationSent } from '../../../shared/domain/users';
import { ZChangeRoleInput, ZInvitationIdInput, ZInviteUserInput, ZMemberIdInput } from '../../../shared/domain/users';
import { ZAcceptInvitationInput, ZInvitationTokenInput } from '../../../shared/domain/invitations';
import { type DemoContext, emailOf, myName } from '../context';
import { badRequest, conflict, notFound } from '../demo-error';
import { MAIL_DOMAIN } from '../fixtures/organizations';
import { type DemoProcedures, procedure } from '../procedure';
import { demoLink } from './password-reset';

// /users in demo mode. Invitations work inside this browser session (invite, resend, revoke show up
// in the list; nothing is sent). Member changes are refused: the demo team is the same fixture cast
// every screen draws on, and a deactivated demo colleague would haunt the other screens.

export const DEMO_MEMBER_REFUSAL = 'Changing members is not available in demo mode.';
export const DEMO_INVITATION_LINK_REFUSAL = 'Invitation links do not work in demo mode. Open the link in a browser that is not running the demo.';

const DAY_MS = 86_400_000;

/** Two invitations the demo team sent before the visitor arrived: one waiting, one that ran out. */
function demoInvitations(ctx: DemoContext): TInvitation[] {
  const at = (days: number) => new Date(ctx.anchor.getTime() + days * DAY_MS).toISOString();
  const inviter = ctx.members.find((m) => m.role === 'Administrator');
  const invitedByName = inviter ? `${inviter.firstName} ${inviter.lastName}` : null;
  const domain = MAIL_DOMAIN[ctx.platform];
  return [
    { id: 'demo-invitation-pending', email: `new.colleague@${domain}`, role: ctx.platform === 'healthcare' ? 'Nurse' : 'Admin Staff', firstName: 'Naledi', lastName: 'Dlamini', state: 'pending', invitedByName, expiresAt: at(5), acceptedAt: null, createdAt: at(-2), updatedAt: at(-2) },
    { id: 'demo-invitation-expired', email: `locum@${domain}`, role: ctx.platform === 'healthcare' ? 'Doctor' : 'Legal Consultants', firstName: null, lastName: null, state: 'expired', invitedByName, expiresAt: at(-1), acceptedAt: null, createdAt: at(-8), updatedAt: at(-8) },
  ];
}

const invitations = (ctx: DemoContext) =>
  ctx.overlay.merge('invitations', demoInvitations(ctx)).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));

function findInvitation(ctx: DemoContext, id: string): TInvitation {
  const row = invitations(ctx).find((i) => i.id === id);
  if (!row) throw notFound('Invitation');
  return row;
}

// The demo has no mail server: the Administrator is shown the link to pass on (decision 0057).
const sent = (ctx: DemoContext, invitation: TInvitation): TInvitationSent => ({
  invitation,
  mail: { id: `mail-${invitation.id}-${ctx.newId()}`, status: 'stored' },
  sent: false,
  link: demoLink('accept-invitation', ctx.newId()),
  expiresAt: invitation.expiresAt,
});

export const usersProcedures = {
  'users.seats': procedure({
    input: null,
    capability: 'users.manage',
    run: (ctx) => ({
      used: ctx.members.length + invitations(ctx).filter((i) => i.state === 'pending').length,
      maxUsers: null,
      plan: 'standard',
    }),
  }),

  'users.invitations': procedure({ input: null, capability: 'users.manage', run: (ctx) => invitations(ctx) }),

  'users.invite': procedure({
    input: ZInviteUserInput,
    capability: 'users.manage',
    run: (ctx, input) => {
      if (ctx.members.some((m) => emailOf(ctx.platform, m) === input.email)) throw conflict(`${input.email} is already a member of this organisation.`);
      if (invitations(ctx).some((i) => i.email === input.email && i.state === 'pending')) {
        throw conflict(`${input.email} already has a pending invitation. Resend it from the Users page instead.`);
      }
      const now = ctx.nowIso();
      const invitation: TInvitation = {
        id: `demo-invitation-${ctx.newId()}`,
        email: input.email,
        role: input.role,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        state: 'pending',
        invitedByName: myName(ctx),
        expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
        acceptedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      return sent(ctx, ctx.overlay.put('invitations', invitation));
    },
  }),

  'users.resendInvitation': procedure({
    input: ZInvitationIdInput,
    capability: 'users.manage',
    run: (ctx, { id }) => {
      const row = findInvitation(ctx, id);
      if (row.state === 'accepted' || row.state === 'revoked') throw conflict('Only a pending or expired invitation can be sent again.');
      const now = ctx.nowIso();
      return sent(ctx, ctx.overlay.put('invitations', { ...row, state: 'pending', expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString(), updatedAt: now }));
    },
  }),

  'users.revokeInvitation': procedure({
    input: ZInvitationIdInput,
    capability: 'users.manage',
    run: (ctx, { id }) => {
      const row = findInvitation(ctx, id);
      if (row.state === 'accepted') throw conflict(`${row.email} has already accepted this invitation. Deactivate the member instead.`);
      if (row.state === 'revoked') return row;
      return ctx.overlay.put('invitations', { ...row, state: 'revoked' as const, updatedAt: ctx.nowIso() });
    },
  }),

  'users.changeRole': procedure({
    input: ZChangeRoleInput,
    capability: 'users.manage',
    run: () => {
      throw badRequest(DEMO_MEMBER_REFUSAL);
    },
  }),
  'users.deactivate': procedure({
    input: ZMemberIdInput,
    capability: 'users.manage',
    run: () => {
      throw badRequest(DEMO_MEMBER_REFUSAL);
    },
  }),
  'users.reactivate': procedure({
    input: ZMemberIdInput,
    capability: 'users.manage',
    run: () => {
      throw badRequest(DEMO_MEMBER_REFUSAL);
    },
  }),

  'invitations.preview': procedure({
    input: ZInvitationTokenInput,
    run: () => {
      throw badRequest(DEMO_INVITATION_LINK_REFUSAL);
    },
  }),
  'invitations.accept': procedure({
    input: ZAcceptInvitationInput,
    run: () => {
      throw badRequest(DEMO_INVITATION_LINK_REFUSAL);
    },
  }),
} satisfies Partial<DemoProcedures>;
