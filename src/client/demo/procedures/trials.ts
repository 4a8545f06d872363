import type { TOrganization } from '../../../shared/domain/organizations';
import {
  type TOutboxMessage,
  type TSystemOrganization,
  type TSystemOverview,
  type TTrialState,
  ZListOutboxInput,
  ZRetryMailInput,
} from '../../../shared/domain/system-settings';
import {
  TRIAL_DAYS,
  TRIAL_MAX_USERS,
  type TTrialRequest,
  ZApproveTrialInput,
  ZListTrialRequestsInput,
  ZRejectTrialInput,
} from '../../../shared/domain/trial-review';
import { type TContactRequest, ZListContactRequestsInput, ZUpdateContactRequestInput } from '../../../shared/domain/contact-requests';
import { addDays } from '../../../shared/calendar';
import type { DemoContext } from '../context';
import { conflict, notFound } from '../demo-error';
import { demoOrganizations, slugOf } from '../fixtures/organizations';
import { demoContactRequests } from '../fixtures/contact-requests';
import { demoOutbox, demoTrialRequests } from '../fixtures/trials';
import { type DemoProcedures, procedure } from '../procedure';
import { homeOrganization } from './organizations';
import { formatDate } from '../../../shared/format';

// Trial review and system settings in demo mode. Decisions work inside this browser session: an
// approval adds the organisation (it then shows on /organizations too) and an outbox message, a
// rejection records its reason. Nothing is sent: the demo's mail mode is the outbox.

const DAY_MS = 86_400_000;
const DEMO_SUPER_ADMIN_EMAIL = 'superadmin@casebridge.example';

const byNewest = <T extends { createdAt: string; id: string }>(rows: T[]) =>
  rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));

const requests = (ctx: DemoContext) => byNewest(ctx.overlay.merge('trialRequests', demoTrialRequests(ctx.anchor)));
const contactRequests = (ctx: DemoContext) => byNewest(ctx.overlay.merge('contactRequests', demoContactRequests(ctx.anchor)));
const outbox = (ctx: DemoContext) => byNewest(ctx.overlay.merge('outbox', demoOutbox(ctx.anchor)));

function organizations(ctx: DemoContext): TOrganization[] {
  return ctx.overlay
    .merge('organizations', demoOrganizations(ctx.anchor))
    .map((o) => (o.id === ctx.organizationId ? homeOrganization(ctx) : o));
}

const reviewerName = (ctx: DemoContext) => [ctx.me.firstName, ctx.me.lastName].filter(Boolean).join(' ');

function pending(ctx: DemoContext, id: string): TTrialRequest {
  const request = requests(ctx).find((r) => r.id === id);
  if (!request) throw notFound('Trial request');
  if (request.status !== 'pending') throw conflict(`This trial request was already ${request.status}; it can be decided only once.`);
  return request;
}

function queue(ctx: DemoContext, mail: Pick<TOutboxMessage, 'organizationId' | 'toAddress' | 'subject' | 'body' | 'kind'>): TOutboxMessage {
  return ctx.overlay.put<TOutboxMessage>('outbox', { id: ctx.newId(), status: 'stored', error: null, createdAt: ctx.nowIso(), sentAt: null, ...mail });
}

function trialState(org: TOrganization, now: Date): TTrialState {
  if (!org.trialEndsAt) return { state: 'plan', plan: org.plan };
  const left = Date.parse(org.trialEndsAt) - now.getTime();
  return left <= 0 ? { state: 'ended', endsAt: org.trialEndsAt } : { state: 'trial', endsAt: org.trialEndsAt, daysLeft: Math.ceil(left / DAY_MS) };
}

function systemOverview(ctx: DemoContext): TSystemOverview {
  const now = new Date();
  const mails = outbox(ctx);
  const countOf = (status: string) => mails.filter((m) => m.status === status).length;
  const orgs: TSystemOrganization[] = organizations(ctx)
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name))
    .map((o) => ({
      id: o.id, name: o.name, platform: o.platform, type: o.type, isActive: o.isActive, plan: o.plan,
      trial: trialState(o, now), memberCount: o.memberCount, maxUsers: o.plan === 'trial' ? TRIAL_MAX_USERS : null, createdAt: o.createdAt,
    }));
  return {
    organizations: orgs,
    superUsersOnline: { count: 1, users: [{ id: ctx.me.id, name: reviewerName(ctx), email: DEMO_SUPER_ADMIN_EMAIL, lastSeenAt: now.toISOString() }] },
    mail: { mode: 'outbox', host: null, from: 'CaseBridge <no-reply@casebridge.local>' },
    outboxCounts: { stored: countOf('stored'), queued: countOf('queued'), sent: countOf('sent'), failed: countOf('failed') },
  };
}

export const trialsProcedures = {
  'platform.trialRequests': procedure({
    input: ZListTrialRequestsInput,
    capability: 'organizations.manage',
    run(ctx, input) {
      const all = requests(ctx);
      const count = (status: string) => all.filter((r) => r.status === status).length;
      return {
        requests: input?.status ? all.filter((r) => r.status === input.status) : all,
        counts: { pending: count('pending'), approved: count('approved'), rejected: count('rejected') },
      };
    },
  }),

  'platform.approveTrial': procedure({
    input: ZApproveTrialInput,
    capability: 'organizations.manage',
    run(ctx, { id }) {
      const request = pending(ctx, id);
      const now = ctx.nowIso();
      const trialEndsAt = addDays(new Date(now), TRIAL_DAYS).toISOString();
      const taken = new Set(organizations(ctx).map((o) => o.slug));
      let slug = slugOf(request.organizationName);
      for (let n = 2; taken.has(slug); n++) slug = `${slugOf(request.organizationName)}-${n}`;
      const org = ctx.overlay.put<TOrganization>('organizations', {
        id: ctx.newId(), slug, name: request.organizationName, platform: request.platform, type: request.organizationType,
        address: null, city: request.city, province: request.province, postalCode: null, phone: request.phone, email: request.email,
        registrationNumber: null, totalBeds: 0, isActive: true, plan: 'trial', trialEndsAt, memberCount: 0, createdAt: now, updatedAt: now,
      });
      const ends = formatDate(trialEndsAt);
      const mail = queue(ctx, {
        organizationId: org.id,
        toAddress: request.email,
        kind: 'invitation',
        subject: `Your CaseBridge trial for ${org.name} is approved`,
        body: [
          `Good news: your ${TRIAL_DAYS}-day CaseBridge trial for ${org.name} has been approved. It ends on ${ends} and allows up to ${TRIAL_MAX_USERS} users, with full feature access.`,
          '',
          `${reviewerName(ctx)} has invited you to join ${org.name} on CaseBridge as Administrator.`,
          '',
          'To accept, open this link and choose your password:',
          `${typeof location === 'undefined' ? 'https://demo.casebridge.example' : location.origin}/accept-invitation?token=demo-${org.id}`,
          '',
          '(Demo mode: this message was not sent.)',
        ].join('\n'),
      });
      const decided = ctx.overlay.put<TTrialRequest>('trialRequests', {
        ...request, status: 'approved', reviewedAt: now, reviewedBy: ctx.me.id, reviewerName: reviewerName(ctx), organization: { id: org.id, name: org.name },
      });
      return {
        request: decided,
        organization: { id: org.id, name: org.name, slug, trialEndsAt, maxUsers: TRIAL_MAX_USERS },
        invitation: { id: ctx.newId(), email: request.email },
        mail: { id: mail.id, status: mail.status },
      };
    },
  }),

  'platform.rejectTrial': procedure({
    input: ZRejectTrialInput,
    capability: 'organizations.manage',
    run(ctx, { id, reason }) {
      const request = pending(ctx, id);
      const now = ctx.nowIso();
      const firstName = request.contactPersonName.trim().split(/\s+/)[0] ?? request.contactPersonName;
      const mail = queue(ctx, {
        organizationId: null,
        toAddress: request.email,
        kind: 'trial-rejected',
        subject: `Your CaseBridge trial request for ${request.organizationName}`,
        body: `Dear ${firstName},\n\nThank you for your interest in CaseBridge and for requesting a trial for ${request.organizationName}.\nAfter reviewing your request, we are unable to approve it at this time, for this reason:\n\n${reason}\n\nKind regards,\nThe CaseBridge team`,
      });
      const decided = ctx.overlay.put<TTrialRequest>('trialRequests', {
        ...request, status: 'rejected', reviewedAt: now, reviewedBy: ctx.me.id, reviewerName: reviewerName(ctx), rejectionReason: reason,
      });
      return { request: decided, mail: { id: mail.id, status: mail.status } };
    },
  }),

  'platform.contactRequests': procedure({
    input: ZListContactRequestsInput,
    capability: 'organizations.manage',
    run(ctx, input) {
      const all = contactRequests(ctx);
      const count = (status: string) => all.filter((r) => r.status === status).length;
      return {
        requests: input?.status ? all.filter((r) => r.status === input.status) : all,
        counts: { new: count('new'), in_progress: count('in_progress'), closed: count('closed') },
      };
    },
  }),

  'platform.updateContactRequest': procedure({
    input: ZUpdateContactRequestInput,
    capability: 'organizations.manage',
    run(ctx, { id, status }) {
      const request = contactRequests(ctx).find((r) => r.id === id);
      if (!request) throw notFound('Contact request');
      return ctx.overlay.put<TContactRequest>('contactRequests', { ...request, status, statusChangedAt: ctx.nowIso(), statusChangedBy: reviewerName(ctx) });
    },
  }),

  'platform.systemOverview': procedure({ input: null, capability: 'organizations.manage', run: systemOverview }),

  'platform.outbox': procedure({
    input: ZListOutboxInput,
    capability: 'organizations.manage',
    run(ctx, input) {
      const page = input?.page ?? 1;
      const pageSize = input?.pageSize ?? 25;
      const all = outbox(ctx).filter((m) => !input?.status || m.status === input.status);
      return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
    },
  }),

  // The demo has no SMTP server: as on a server without SMTP_URL.
  'platform.retryMail': procedure({
    input: ZRetryMailInput,
    capability: 'organizations.manage',
    run(ctx, { id }) {
      if (!outbox(ctx).some((m) => m.id === id)) throw notFound('Message');
      throw conflict('No SMTP server is configured in demo mode, so messages stay in the outbox; nothing is sent.');
    },
  }),
} satisfies Partial<DemoProcedures>;
