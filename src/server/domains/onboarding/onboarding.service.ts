import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { spendAllowance } from '../../auth/throttle';
import type { DB } from '../../../../db/schema';
import { addMinutes, nowIso } from '../../../../db/time';
import {
  REGISTRATION_SUBMITTED_MESSAGE,
  TRIAL_SUBMITTED_MESSAGE,
  type TRegistrationRequestInput,
  type TRegistrationRequestResult,
  type TTrialRequestInput,
  type TTrialRequestResult,
} from '../../../shared/domain/onboarding';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { deliverQueued, queueMail } from '../../mail/outbox';
import { teamAddresses } from '../../mail/team-addresses';

// Public forms of prospective customers (SPEC §2.4, §2.6). No actor: nobody is signed in. What is
// stored waits for the Super Admin: trial requests at /trial-signups (platform/trial-review), contact
// requests at /contact-requests (platform/contact-requests), of which the team is also e-mailed.

/** A second pending trial request for one e-mail within this window is a duplicate. */
const DUPLICATE_TRIAL_WINDOW_MINUTES = 24 * 60;

/** Public forms: a limited number of submissions per address and hour, so nobody can flood the review queue. */
export interface FormClient {
  ip: string | null;
  perHour: number;
}

function spendFormAllowance(db: Kysely<DB>, client: FormClient): Promise<void> {
  return spendAllowance(db, {
    key: `form:${client.ip ?? 'unknown'}`,
    limit: client.perHour,
    windowMinutes: 60,
    message: (minutes) => `Too many requests from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or contact us directly.`,
  });
}

export async function submitTrialRequest(db: Kysely<DB>, input: TTrialRequestInput, client: FormClient): Promise<TTrialRequestResult> {
  await spendFormAllowance(db, client);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const pending = await trx
      .selectFrom('trial_requests')
      .select('id')
      .where('email', '=', input.email)
      .where('status', '=', 'pending')
      .where('created_at', '>=', addMinutes(now, -DUPLICATE_TRIAL_WINDOW_MINUTES))
      .executeTakeFirst();
    if (pending) {
      throw new AppError(
        'CONFLICT',
        'A trial request for this e-mail address is already awaiting review. You will hear from us within 24 hours.',
      );
    }
    await trx
      .insertInto('trial_requests')
      .values({
        id,
        organization_name: input.organizationName,
        platform: input.platform,
        organization_type: input.organizationType,
        contact_person_name: input.contactPersonName,
        email: input.email,
        phone: input.phone,
        city: input.city,
        province: input.province,
        estimated_beds: input.estimatedBeds,
        estimated_staff: input.estimatedStaff,
        current_system: input.currentSystem,
        how_did_you_hear: input.howDidYouHear,
        specific_needs: input.specificNeeds,
        status: 'pending',
        reviewed_by: null,
        reviewed_at: null,
        rejection_reason: null,
        organization_id: null,
        created_at: now,
      })
      .execute();
  });
  return { success: true, id, message: TRIAL_SUBMITTED_MESSAGE };
}

export async function submitRegistrationRequest(
  db: Kysely<DB>,
  input: TRegistrationRequestInput,
  client: FormClient,
  team: { config: Config; publicUrl: string },
): Promise<TRegistrationRequestResult> {
  const { config } = team;
  await spendFormAllowance(db, client);
  // The request and the team's e-mail are written together (the outbox, decision 0012): no e-mail
  // about a request that was not stored, no stored request the team is not told of.
  const mailIds = await db.transaction().execute(async (trx) => {
    const id = randomUUID();
    await trx
      .insertInto('registration_requests')
      .values({
        id,
        organization_name: input.organizationName,
        contact_person: input.contactPerson,
        email: input.email,
        phone: input.phone,
        organization_type: input.organizationType,
        platform: input.platform,
        message: input.message,
        user_count: input.userCount,
        created_at: nowIso(),
      })
      .execute();
    const mail = contactRequestMail(input, team.publicUrl);
    const ids: string[] = [];
    for (const to of await teamAddresses(trx, config)) ids.push(await queueMail(trx, config, { ...mail, to }));
    return ids;
  });
  await deliverQueued(db, config, mailIds);
  return { success: true, message: REGISTRATION_SUBMITTED_MESSAGE };
}

/** The team's notice of a contact-us request: everything the applicant wrote, and where to work it. */
function contactRequestMail(input: TRegistrationRequestInput, publicUrl: string) {
  const line = (label: string, value: string | null) => `${label}: ${value ?? '—'}`;
  return {
    kind: 'contact-request',
    organizationId: null,
    subject: `New contact request: ${input.organizationName}`,
    text: [
      `${input.contactPerson} of ${input.organizationName} asked to be contacted about an account.`,
      '',
      line('E-mail', input.email),
      line('Phone', input.phone),
      line('Platform', input.platform),
      line('Organisation type', input.organizationType),
      line('Number of users', input.userCount),
      '',
      input.message ?? '(no message)',
      '',
      `We promised a reply within 24 hours. Work it at ${publicUrl}/contact-requests`,
    ].join('\n'),
  };
}
