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
import { AppError } from '../../errors';

// Public forms of prospective customers (SPEC §2.4, §2.6). No actor: nobody is signed in. What is
// stored waits for the product team; trial approval is not part of this domain yet.

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

export async function submitRegistrationRequest(db: Kysely<DB>, input: TRegistrationRequestInput, client: FormClient): Promise<TRegistrationRequestResult> {
  await spendFormAllowance(db, client);
  await db
    .insertInto('registration_requests')
    .values({
      id: randomUUID(),
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
  return { success: true, message: REGISTRATION_SUBMITTED_MESSAGE };
}
