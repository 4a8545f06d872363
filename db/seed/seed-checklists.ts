import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { SHIPPED_CHECKLISTS, pickChecklistTemplate } from '../../src/shared/domain/checklists';
import { fullName } from '../../src/shared/format';
import { SAMPLE_CHECKLIST_TEMPLATES } from '../../src/shared/sample-cases/checklist-samples';
import { DEMO_ORGANIZATIONS, emailOf } from './demo-organizations';

// Issue 20's demo data: each demo organisation's own checklist template (the one the demo has,
// src/shared/sample-cases/checklist-samples.ts), and the compliance checklist of every case — from
// that template for its case types, else the platform's shipped one — with items ticked by the
// case's people at past dates: every item of a finished case, a share of an open one's, none of a
// case not yet started, except that on the medicolegal platform the s3 notice of Act 40 of 2002 is
// served on most claims, scheduled ones too. Each tick is on the case's timeline. Runs inside the
// seed's transaction after the cases (seed-litigation.ts).

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export async function seedChecklists(trx: Kysely<DB>, now: Date): Promise<void> {
  const templates: Insertable<DB['checklist_templates']>[] = [];
  const items: Insertable<DB['checklist_items']>[] = [];
  const events: Insertable<DB['case_events']>[] = [];
  const latest = now.getTime() - HOUR_MS;

  for (const def of DEMO_ORGANIZATIONS) {
    const org = await trx.selectFrom('organizations').select('id').where('slug', '=', def.slug).executeTakeFirst();
    if (!org) continue;
    const users = await trx.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).execute();
    const admin = def.people.find((p) => p.role === 'Administrator');
    const adminId = admin ? (users.find((u) => u.email === emailOf(def, admin))?.id ?? null) : null;
    const nameOf = (id: string | null) => {
      const u = users.find((x) => x.id === id);
      return u ? fullName(u.first_name, u.last_name) : null;
    };

    const sample = SAMPLE_CHECKLIST_TEMPLATES[def.platform];
    const createdAt = new Date(now.getTime() - 400 * DAY_MS).toISOString();
    const own = { id: randomUUID(), caseTypes: [...sample.caseTypes], createdAt, name: sample.name, items: sample.items };
    templates.push({
      id: own.id, organization_id: org.id, name: sample.name, case_types: JSON.stringify(sample.caseTypes), items: JSON.stringify(sample.items),
      updated_by: adminId, created_at: createdAt, updated_at: createdAt,
    });
    const shipped = SHIPPED_CHECKLISTS[def.platform];
    const s3 = SHIPPED_CHECKLISTS.medicolegal.items[0];

    const cases = await trx
      .selectFrom('cases')
      .select(['id', 'case_type', 'status', 'created_at', 'assigned_doctor_id', 'case_manager_id'])
      .where('organization_id', '=', org.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const [index, kase] of cases.entries()) {
      const template = pickChecklistTemplate([own], kase.case_type);
      const key = template ? template.id : shipped.key;
      const labels = template ? template.items : shipped.items;
      // How many items are done, in order: all of a finished case; of an open one from one up to all
      // but the last; none of a scheduled one.
      const done = kase.status === 'Completed' ? labels.length : kase.status === 'In Progress' ? 1 + (index % Math.max(1, labels.length - 1)) : 0;
      const people = [kase.assigned_doctor_id, kase.case_manager_id, adminId].filter((id): id is string => Boolean(id));
      const start = new Date(kase.created_at).getTime();
      for (const [position, label] of labels.entries()) {
        const servedS3 = def.platform === 'medicolegal' && label === s3 && index % 3 !== 2;
        const ticked = (position < done || servedS3) && people.length > 0;
        const by = ticked ? people[(index + position) % people.length]! : null;
        const at = ticked ? new Date(Math.max(start + 60_000, Math.min(latest - (labels.length - position) * HOUR_MS, start + (position + 1) * 4 * DAY_MS))).toISOString() : null;
        items.push({
          id: randomUUID(), organization_id: org.id, case_id: kase.id, template: key, label, position,
          done: ticked ? 1 : 0, done_by: by, done_at: at, version: ticked ? 2 : 1, created_at: kase.created_at,
        });
        if (ticked) {
          events.push({
            id: randomUUID(), organization_id: org.id, case_id: kase.id, at: at!, actor_id: by, kind: 'checklist.ticked',
            summary: `Ticked “${label}” on the checklist (${nameOf(by) ?? 'a colleague'})`,
          });
        }
      }
    }
  }

  if (templates.length > 0) await trx.insertInto('checklist_templates').values(templates).execute();
  for (let i = 0; i < items.length; i += 200) await trx.insertInto('checklist_items').values(items.slice(i, i + 200)).execute();
  for (let i = 0; i < events.length; i += 200) await trx.insertInto('case_events').values(events.slice(i, i + 200)).execute();
}
