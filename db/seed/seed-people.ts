import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import type { TOrganizationRole } from '../../src/shared/roles';
import {
  DEMO_ORGANIZATIONS, HOURLY_RATE_CENTS, SUPER_ADMIN_PERSON, emailOf,
  type DemoOrganization, type DemoPerson,
} from './demo-organizations';
import type { SeedClock } from './seed-helpers';

// Organisations, users, memberships and hourly rates, plus the lookup the other builders use to
// turn a person key ('ndlovu') into the user id of a member of the same organisation.

export interface SeededMember {
  key: string;
  userId: string;
  role: TOrganizationRole;
  fullName: string;
  signIn: boolean;
  hourlyRateCents: number | null;
}

export interface SeededOrganization {
  def: DemoOrganization;
  id: string;
  members: SeededMember[];
  /** The member with this key; throws for a key of another organisation, so a typo cannot cross tenants. */
  member(key: string): SeededMember;
}

export interface PeopleRows {
  superAdminId: string;
  organizations: SeededOrganization[];
  organizationRows: Insertable<DB['organizations']>[];
  userRows: Insertable<DB['users']>[];
  membershipRows: Insertable<DB['memberships']>[];
  rateRows: Insertable<DB['staff_hourly_rates']>[];
}

function isStaff(person: DemoPerson): boolean {
  return person.role !== 'Patient';
}

export function buildPeople(clock: SeedClock, passwordHash: string): PeopleRows {
  const superAdminId = randomUUID();
  const platformSince = clock.at(-540, '08:00');
  const userRows: Insertable<DB['users']>[] = [{
    id: superAdminId,
    email: SUPER_ADMIN_PERSON.email,
    password_hash: passwordHash,
    first_name: SUPER_ADMIN_PERSON.firstName,
    last_name: SUPER_ADMIN_PERSON.lastName,
    department: SUPER_ADMIN_PERSON.department,
    is_super_admin: 1,
    is_active: 1,
    created_at: platformSince,
    updated_at: platformSince,
  }];
  const organizationRows: Insertable<DB['organizations']>[] = [];
  const membershipRows: Insertable<DB['memberships']>[] = [];
  const rateRows: Insertable<DB['staff_hourly_rates']>[] = [];
  const organizations: SeededOrganization[] = [];
  // Rates took effect at the start of the month about half a year ago.
  const effectiveDate = `${clock.date(-180).slice(0, 8)}01`;
  const ratesCapturedAt = clock.at(-190, '11:00');

  DEMO_ORGANIZATIONS.forEach((def, orgIndex) => {
    const id = randomUUID();
    const joined = clock.at(-420 + orgIndex * 45, '09:00');
    organizationRows.push({
      id,
      slug: def.slug,
      name: def.name,
      platform: def.platform,
      type: def.type,
      address: def.address,
      city: def.city,
      province: def.province,
      postal_code: def.postalCode,
      phone: def.phone,
      email: def.email,
      registration_number: def.registrationNumber,
      total_beds: def.totalBeds,
      is_active: 1,
      plan: 'standard',
      trial_ends_at: null,
      max_users: null,
      created_at: joined,
      updated_at: joined,
    });

    const members: SeededMember[] = def.people.map((person, personIndex) => {
      const userId = randomUUID();
      const since = clock.at(-400 + orgIndex * 45 + personIndex * 3, '10:00');
      userRows.push({
        id: userId,
        email: emailOf(def, person),
        password_hash: passwordHash,
        first_name: person.firstName,
        last_name: person.lastName,
        department: person.department,
        is_super_admin: 0,
        is_active: 1,
        created_at: since,
        updated_at: since,
      });
      membershipRows.push({
        id: randomUUID(),
        organization_id: id,
        user_id: userId,
        role: person.role,
        status: 'active',
        created_at: since,
        updated_at: since,
      });
      const rate = isStaff(person) ? HOURLY_RATE_CENTS[person.role] ?? null : null;
      if (rate !== null) {
        rateRows.push({
          id: randomUUID(),
          organization_id: id,
          user_id: userId,
          role: person.role,
          hourly_rate_cents: rate,
          effective_date: effectiveDate,
          created_at: ratesCapturedAt,
        });
      }
      return {
        key: person.key,
        userId,
        role: person.role,
        fullName: `${person.firstName} ${person.lastName}`,
        signIn: person.signIn === true,
        hourlyRateCents: rate,
      };
    });

    const byKey = new Map(members.map((m) => [m.key, m]));
    organizations.push({
      def,
      id,
      members,
      member(key) {
        const found = byKey.get(key);
        if (!found) throw new Error(`Demo data refers to '${key}', who is not a member of ${def.name}`);
        return found;
      },
    });
  });

  return { superAdminId, organizations, organizationRows, userRows, membershipRows, rateRows };
}
