import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import type { SeedClock } from './seed-helpers';

// Platform-level requests from prospective customers (SPEC §3.7), awaiting or past Super Admin review.

export interface RequestRows {
  trialRows: Insertable<DB['trial_requests']>[];
  registrationRows: Insertable<DB['registration_requests']>[];
}

export function buildRequests(superAdminId: string, clock: SeedClock): RequestRows {
  const trialRows: Insertable<DB['trial_requests']>[] = [
    {
      id: randomUUID(),
      organization_name: 'Polokwane Family Health Clinic',
      organization_type: 'Clinic',
      contact_person_name: 'Dr Mpho Maluleke',
      email: 'mpho.maluleke@polokwane-fhc.example',
      phone: '+27 15 291 4410',
      city: 'Polokwane',
      province: 'Limpopo',
      estimated_beds: 20,
      estimated_staff: 35,
      current_system: 'Paper files and Excel',
      how_did_you_hear: 'Conference',
      specific_needs: 'Case tracking across two satellite clinics, and access that keeps working through load-shedding.',
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      rejection_reason: null,
      organization_id: null,
      created_at: clock.at(-2, '10:25'),
    },
    {
      id: randomUUID(),
      organization_name: 'Berea Road Health Centre',
      organization_type: 'Health Center',
      contact_person_name: 'Sister Thandiwe Gumede',
      email: 'thandiwe.gumede@berearoad-hc.example',
      phone: '+27 31 209 7788',
      city: 'Durban',
      province: 'KwaZulu-Natal',
      estimated_beds: 45,
      estimated_staff: 80,
      current_system: 'Legacy patient administration system',
      how_did_you_hear: 'Referral',
      specific_needs: 'Bed management for a 45-bed step-down unit and messaging between shifts.',
      status: 'approved',
      reviewed_by: superAdminId,
      reviewed_at: clock.at(-8, '11:40'),
      rejection_reason: null,
      organization_id: null,
      created_at: clock.at(-10, '15:05'),
    },
    {
      id: randomUUID(),
      organization_name: 'Karoo Frail Care Centre',
      organization_type: 'Nursing Home',
      contact_person_name: 'Elize Swart',
      email: 'elize@karoofrailcare.example',
      phone: '+27 49 892 3120',
      city: 'Graaff-Reinet',
      province: 'Eastern Cape',
      estimated_beds: 30,
      estimated_staff: 25,
      current_system: null,
      how_did_you_hear: 'Google Search',
      specific_needs: null,
      status: 'rejected',
      reviewed_by: superAdminId,
      reviewed_at: clock.at(-15, '09:10'),
      rejection_reason: 'Duplicate request: a trial for this organisation is already active.',
      organization_id: null,
      created_at: clock.at(-16, '18:45'),
    },
  ];

  const registrationRows: Insertable<DB['registration_requests']>[] = [
    {
      id: randomUUID(),
      organization_name: 'Mbombela Medical Centre',
      contact_person: 'Sipho Mahlalela',
      email: 'sipho.mahlalela@mbombela-mc.example',
      phone: '+27 13 752 6100',
      organization_type: 'Hospital',
      platform: 'healthcare',
      message: 'We run 80 beds and want a demonstration of bed management and cost tracking for our board.',
      user_count: '51-100',
      created_at: clock.at(-4, '13:30'),
    },
    {
      id: randomUUID(),
      organization_name: 'Naidoo Khan Inc.',
      contact_person: 'Rehana Khan',
      email: 'rehana@naidookhan.example',
      phone: '+27 31 304 2299',
      organization_type: 'Law Firm',
      platform: 'legal',
      message: 'Personal injury practice in Durban; interested in matter management and time recording.',
      user_count: '11-25',
      created_at: clock.at(-1, '09:55'),
    },
  ];

  return { trialRows, registrationRows };
}
