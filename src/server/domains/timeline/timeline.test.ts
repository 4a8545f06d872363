import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Person, apiOf, organisation, person } from '../../test-support/case-file';
import { steppingClock } from '../../test-support/stepping-clock';
import { type TestApp, startTestApp } from '../../test-support/test-app';

// GET /api/patient-cases/{id}/timeline (issue 18): newest first, keyset pages that neither repeat
// nor skip, for everyone who may read the case (not only Administrators).

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let admin: Person;
let nurse: Person;
let doctor: Person;
let patient: Person;
let caseId: string;

interface Item { id: string; at: string; kind: string; summary: string; actorName: string | null }
interface Page { items: Item[]; nextCursor: string | null }

async function page(cookie: string, query: string): Promise<Page> {
  const res = await api('GET', `/api/patient-cases/${caseId}/timeline${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp();
  // Each edit at its own moment (stepping-clock.ts): the test reads them back in the order made.
  const clock = steppingClock();
  const inject = apiOf(t);
  api = (...args) => {
    clock.tick();
    return inject(...args);
  };
  const org = await organisation(t, 'Tshwane Central Hospital');
  admin = await person(t, org, 'Administrator', 'Ayanda');
  nurse = await person(t, org, 'Nurse', 'Lerato');
  doctor = await person(t, org, 'Doctor', 'Sipho');
  patient = await person(t, org, 'Patient', 'Johan');
  const created = await api('POST', '/api/patient-cases', admin.cookie, { patientName: 'Timeline Patient', caseType: 'Neurology', patientUserId: patient.id });
  caseId = created.json().id;
  for (let progress = 1; progress <= 6; progress++) {
    expect((await api('PATCH', `/api/patient-cases/${caseId}`, admin.cookie, { progressPercentage: progress * 10 })).statusCode).toBe(200);
  }
  // Three events of one write share their time: the pages must still order and cut them exactly.
  const team = await api('PUT', `/api/patient-cases/${caseId}/team`, admin.cookie, {
    members: [{ userId: doctor.id, roleOnCase: 'attending-doctor' }, { userId: nurse.id, roleOnCase: 'nurse' }, { userId: admin.id, roleOnCase: 'case-manager' }],
  });
  expect(team.statusCode).toBe(200);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('case timeline', () => {
  it('lists what happened newest first, with who did it', async () => {
    const all = await page(nurse.cookie, '?limit=200');
    expect(all.items).toHaveLength(10); // created, six edits, three members added
    expect(all.nextCursor).toBeNull();
    expect(all.items.at(-1)).toMatchObject({ kind: 'case.created', actorName: 'Ayanda Nkosi' });
    expect(all.items.slice(0, 3).map((i) => i.kind)).toEqual(['team.added', 'team.added', 'team.added']);
    expect(all.items[3]).toMatchObject({ kind: 'case.updated', changes: [{ field: 'progressPercentage', label: 'Progress', from: '50%', to: '60%' }] });
    const times = all.items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages by cursor without repeating or skipping an event', async () => {
    const all = (await page(admin.cookie, '?limit=200')).items.map((i) => i.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: Page = await page(admin.cookie, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.items.length).toBeGreaterThan(0);
      expect(next.items.length).toBeLessThanOrEqual(3);
      seen.push(...next.items.map((i) => i.id));
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual(all);
  });

  it('answers a cursor it did not hand out with a 400 naming the cursor', async () => {
    for (const cursor of ['nonsense', 'bm9wZQ', '%%%']) {
      const res = await api('GET', `/api/patient-cases/${caseId}/timeline?cursor=${cursor}`, admin.cookie);
      expect(res.statusCode, cursor).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['cursor']);
    }
  });

  it('is not shown to a Patient (the portal shows their case without the staff record)', async () => {
    expect((await api('GET', `/api/patient-cases/${caseId}/timeline`, patient.cookie)).statusCode).toBe(403);
  });
});
