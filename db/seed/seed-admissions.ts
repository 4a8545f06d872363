import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';

// Issue 22: the hospital's stays become admissions. Every open stay of a case whose person is known
// is an admission of that person (bed, case, who admitted them and when); every finished stay of a
// case is a discharged admission. A few short stays of the last four weeks on beds that are free
// today (quick-Assign stays, by hospital number) give the census's occupancy chart a history, and
// the longest open stay is expected home today so the census shows one expected discharge.

const DAY_MS = 86_400_000;

export async function seedAdmissions(db: Kysely<DB>, now: Date): Promise<void> {
  const hospitals = await db.selectFrom('organizations').select(['id', 'slug']).where('platform', '=', 'healthcare').execute();
  for (const { id: organizationId, slug } of hospitals) {
    const stays = await db
      .selectFrom('bed_assignments as s')
      .innerJoin('cases as c', 'c.id', 's.case_id')
      .select(['s.id', 's.bed_id', 's.case_id', 's.assigned_at', 's.assigned_by', 's.released_at', 's.released_by', 'c.person_id', 'c.estimated_discharge'])
      .where('s.organization_id', '=', organizationId)
      .where('c.person_id', 'is not', null)
      .orderBy('s.assigned_at')
      .execute();
    const openPeople = new Set<string>();
    const rows: Insertable<DB['admissions']>[] = [];
    const links: [string, string][] = [];
    for (const s of stays) {
      const open = s.released_at === null;
      // One open admission per person (the unique index); a second open stay stays a quick one.
      if (open && openPeople.has(s.person_id!)) continue;
      if (open) openPeople.add(s.person_id!);
      // The first open admission has a fixed id, for tests that name one (cross-tenant.test.ts).
      const id = open && openPeople.size === 1 ? `seed-admission-${slug}-1` : randomUUID();
      rows.push({
        id, organization_id: organizationId, person_id: s.person_id!, case_id: s.case_id!, bed_id: open ? s.bed_id : null,
        admitted_at: s.assigned_at, admitted_by: s.assigned_by, estimated_discharge: s.estimated_discharge,
        discharged_at: s.released_at, discharged_by: open ? null : s.released_by, summary_document_id: null,
      });
      links.push([s.id, id]);
    }
    // The longest stay still in a bed is going home today (14:00 South African time).
    const longest = rows.filter((r) => r.discharged_at === null).sort((a, b) => a.admitted_at.localeCompare(b.admitted_at))[0];
    if (longest) {
      const today = new Date(now.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
      longest.estimated_discharge = `${today}T12:00:00.000Z`;
      await db.updateTable('cases').set({ estimated_discharge: longest.estimated_discharge }).where('id', '=', longest.case_id).execute();
    }
    if (rows.length > 0) await db.insertInto('admissions').values(rows).execute();
    for (const [stayId, admissionId] of links) await db.updateTable('bed_assignments').set({ admission_id: admissionId }).where('id', '=', stayId).execute();

    // Short stays of the last four weeks on beds free today that had nobody in them in that time.
    const since = new Date(now.getTime() - 31 * DAY_MS).toISOString();
    const busy = new Set(
      (await db.selectFrom('bed_assignments').select('bed_id').where('organization_id', '=', organizationId).where((eb) => eb.or([eb('released_at', 'is', null), eb('released_at', '>', since)])).execute()).map((r) => r.bed_id),
    );
    const free = await db.selectFrom('beds').select(['id', 'assigned_nurse_id']).where('organization_id', '=', organizationId).where('status', '=', 'Available').orderBy('bed_number').execute();
    const history: Insertable<DB['bed_assignments']>[] = [];
    free.filter((b) => !busy.has(b.id)).forEach((bed, i) => {
      // Two stays per bed at staggered days: 3–6 days long, the last ended at least a day ago.
      for (const [start, length] of [[27 - (i % 5), 3 + (i % 3)], [14 - (i % 6), 4 + (i % 4)]] as const) {
        const assigned = new Date(now.getTime() - start * DAY_MS - (i % 4) * 3_600_000);
        const released = new Date(assigned.getTime() + length * DAY_MS);
        if (released.getTime() > now.getTime() - DAY_MS) continue;
        history.push({
          id: randomUUID(), organization_id: organizationId, bed_id: bed.id, patient_id: `TCH-${assigned.getUTCFullYear()}-${String(900 + i * 2 + (start % 2)).padStart(5, '0')}`,
          case_id: null, admission_id: null, assigned_by: bed.assigned_nurse_id, assigned_at: assigned.toISOString(),
          released_by: bed.assigned_nurse_id, released_at: released.toISOString(),
        });
      }
    });
    if (history.length > 0) await db.insertInto('bed_assignments').values(history).execute();
  }
}
