import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDemoData } from '../../db/seed/seed-demo';
import { capabilitiesOf, rolesOfPlatform } from '../shared/roles';
import type { TPlatform } from '../shared/platform';
import { hashPassword } from './auth/password';
import { resolveAuth } from './auth/request-auth';
import { createSession } from './auth/sessions';
import { registeredRoutes } from './http/route-list';
import { CALENDAR_FEED_PATH } from './domains/calendar-feed/calendar-feed.service';
import { appRouter } from './router';
import { type TestApp, createUser, startTestApp } from './test-support/test-app';
import { type Context, type Meta, createCallerFactory } from './trpc';
import { type BoundTable, type Walker, canariesIn, idKinds, inputsFor, plantCanaries } from './test-support/need-to-know-canaries';

// Need to know on every path (issue 28). Every case of the three demo organisations is made
// restricted, and every free-text field of each case and of every row bound to one (found by the
// tables' `case_id` columns, so a new table is planted without being named) is replaced by a canary
// string naming its table and column. Then a member of the same organisation who is on no team —
// one of each capability set the platform's roles have — calls EVERY procedure of the router with
// inputs built from its own input schema, and GETs every plain route. No answer may carry a
// canary, and nothing bound to a restricted case may change.

type Procedure = { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[]; meta?: Meta } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);

/** Calls that would end the walker's own session or open the file the sanctioned way. */
const NOT_WALKED = new Set([
  'auth.logout', 'account.endSession', 'account.changePassword', 'account.disableTwoFactor', 'cases.breakGlass',
]);

const ORGS: { slug: string; platform: TPlatform }[] = [
  { slug: 'thornhill-community-hospital', platform: 'healthcare' },
  { slug: 'mokoena-partners-attorneys', platform: 'legal' },
  { slug: 'gauteng-state-litigation', platform: 'medicolegal' },
];

let t: TestApp;
const walkers: Walker[] = [];
const leaks: string[] = [];
const reached = new Set<string>();

/**
 * Rows bound to restricted cases, as one string: what a refused write must leave as it was (new
 * cases a walker opens, and their parts, are not restricted and do not count).
 */
async function boundFingerprint(db: TestApp['db'], tables: readonly BoundTable[]): Promise<string> {
  const parts = tables.flatMap(({ name, columns }) => {
    const bound = name === 'cases' ? sql`restricted = 1` : sql`${sql.ref(columns.includes('case_id') ? 'case_id' : 'patient_case_id')} in (select id from cases where restricted = 1)`;
    return [
      sql`(select count(*) from ${sql.table(name)} where ${bound})`,
      ...(columns.includes('updated_at') ? [sql`(select coalesce(max(updated_at), '') from ${sql.table(name)} where ${bound})`] : []),
      ...(columns.includes('version') ? [sql`(select coalesce(sum(version), 0) from ${sql.table(name)} where ${bound})`] : []),
      ...['discharged_at', 'released_at'].filter((c) => columns.includes(c)).map((c) => sql`(select count(${sql.ref(c)}) from ${sql.table(name)} where ${bound})`),
    ];
  });
  const row = await sql<{ f: string }>`select ${sql.join(parts, sql` || ',' || `)} as f`.execute(db);
  return String(row.rows[0]!.f);
}

let boundTables: BoundTable[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { password: 'need-to-know-walk', hashPassword });
  boundTables = await plantCanaries(t.db);
  for (const { slug, platform } of ORGS) {
    const org = await t.db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    // One walker per distinct capability set of the platform's roles (same capabilities, same answers).
    const seen = new Set<string>();
    for (const role of rolesOfPlatform(platform)) {
      if (role === 'Administrator') continue;
      const key = [...capabilitiesOf({ role })].sort().join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      const user = await createUser(t.db, { organizationId: org.id, role, firstName: `Walker ${role}` });
      const { token } = await createSession(t.db, { idleTimeoutMinutes: 60, maxLifetimeHours: 12 }, { userId: user.id, organizationId: org.id, ip: null, userAgent: null });
      const context: Context = {
        db: t.db, config: t.config, request: { ip: null, userAgent: null, publicUrl: 'http://127.0.0.1' },
        auth: await resolveAuth(t.db, t.config, token), setSessionCookie: () => {}, clearSessionCookie: () => {},
      };
      // As if the team had put them on every appointment (the feed lists one's own appointments) …
      await sql`insert into appointment_attendees (appointment_id, user_id, organization_id) select id, ${user.id}, organization_id from appointments where organization_id = ${org.id}`.execute(t.db);
      // … and every message of the organisation had been sent to everybody after they joined.
      await sql`insert into message_recipients (message_id, user_id, organization_id, read_at) select id, ${user.id}, organization_id, null from messages where organization_id = ${org.id}`.execute(t.db);
      walkers.push({ role, organizationId: org.id, context, cookie: `${t.config.SESSION_COOKIE_NAME}=${token}`, ids: await idKinds(t.db, org.id, user.id) });
    }
  }
}, 240_000);
afterAll(() => t?.close());

describe('need to know on every path', () => {
  it('plants a canary in every case-bound table the seed fills', async () => {
    expect(boundTables.length).toBeGreaterThan(15);
    expect(boundTables.map((table) => table.name)).toEqual(expect.arrayContaining(['appointments', 'admissions', 'case_notes']));
    for (const table of ['cases', 'case_notes', 'test_results', 'medications', 'encounters', 'documents', 'appointments', 'tasks', 'messages', 'case_parties', 'court_matters', 'settlement_events']) {
      const planted = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
      expect(Number(planted.rows[0]!.n), table).toBeGreaterThan(0);
    }
  });

  it('no procedure answers a non-member with anything of a restricted case, and none changes it', async () => {
    expect(walkers.length).toBeGreaterThan(10);
    const callerOf = createCallerFactory(appRouter);
    // The walkers go side by side (their audited calls share the audit trail's group commits, ~4×
    // faster on Postgres); a change to a restricted case's rows is caught either way, and
    // NEED_TO_KNOW_WALK_SEQUENTIAL=1 names the very call that made it.
    const sequential = Boolean(process.env.NEED_TO_KNOW_WALK_SEQUENTIAL);
    const walk = async (walker: Walker) => {
      const api = callerOf(walker.context) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
      for (const [path, procedure] of procedures) {
        if (NOT_WALKED.has(path)) continue;
        const [group, name] = path.split('.') as [string, string];
        const before = procedure._def.type === 'mutation' ? await boundFingerprint(t.db, boundTables) : '';
        for (const input of inputsFor(path, procedure._def.inputs, walker.ids)) {
          const answer = await api[group]![name]!(input).then(
            (value) => value,
            (error: { code?: string; cause?: unknown }) => ({ refused: error.code }),
          );
          if (!(answer && typeof answer === 'object' && 'refused' in answer && answer.refused === 'BAD_REQUEST')) reached.add(path);
          for (const canary of canariesIn(answer)) leaks.push(`${walker.role}: ${path}(${JSON.stringify(input)}) → ${canary}`);
        }
        if (procedure._def.type === 'mutation') {
          const after = await boundFingerprint(t.db, boundTables);
          if (after !== before) leaks.push(`${walker.role}: ${path}${sequential ? '' : ' (or a call of another walker meanwhile)'} changed rows bound to a restricted case`);
        }
      }
    };
    if (sequential) for (const walker of walkers) await walk(walker);
    else await Promise.all(walkers.map(walk));
    expect(leaks).toEqual([]);
  }, 600_000);

  it('a search finds a withheld case by its name, never by its type', async () => {
    const walker = walkers.find((w) => w.role === 'Doctor')!;
    const api = createCallerFactory(appRouter)(walker.context);
    expect((await api.cases.list({ search: 'CANARY_cases', page: 1, pageSize: 20 })).items).toEqual([]);
    const kase = await t.db.selectFrom('cases').select(['id', 'patient_name']).where('organization_id', '=', walker.organizationId).where('restricted', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const byName = await api.cases.list({ search: kase.patient_name, page: 1, pageSize: 20 });
    expect(byName.items.find((c) => c.id === kase.id)).toMatchObject({ patientName: kase.patient_name, caseType: 'Restricted', description: null, withheld: true });
  });

  it('every query got past its input check for some walker (the walk is not vacuous)', () => {
    const queries = procedures.filter(([path, p]) => p._def.type === 'query' && !NOT_WALKED.has(path)).map(([path]) => path);
    expect(queries.length).toBeGreaterThan(90);
    expect(queries.filter((path) => !reached.has(path))).toEqual([]);
  });

  it('no plain route (feeds, exports, PDFs, downloads) answers a non-member with anything of a restricted case', async () => {
    const gets = registeredRoutes(t.app).filter((r) => r.method === 'GET' && !r.url.startsWith('/trpc') && r.url !== '*' && !r.url.includes('*'));
    expect(gets.length).toBeGreaterThan(5);
    // A REST route of a procedure tries the ids that procedure is walked with; a plain route every kind.
    const groupOfRoute = new Map<string, string>(
      procedures.flatMap(([path, p]) => (p._def.meta?.openapi ? [[`/api${p._def.meta.openapi.path.replace(/\{(\w+)\}/g, ':$1')}`, path.split('.')[0]!] as const] : [])),
    );
    const found: string[] = [];
    await Promise.all(
      walkers.map(async (walker) => {
        // Their own calendar feed (issue 21): the .ics lists the appointments they attend.
        const feed = await createCallerFactory(appRouter)(walker.context).calendarFeed.create().catch(() => null);
        const token = feed ? /\/([^/]+)\.ics$/.exec(feed.url)![1]! : 'no-feed';
        for (const route of gets) {
          const urls = route.url.startsWith(CALENDAR_FEED_PATH) ? [route.url.replace(':file', `${token}.ics`)] : walker.ids.urlsFor(route.url, groupOfRoute.get(route.url));
          for (const url of urls) {
            const res = await t.app.inject({ method: 'GET', url, headers: { cookie: walker.cookie } });
            for (const canary of canariesIn(res.rawPayload)) found.push(`${walker.role}: GET ${url} → ${res.statusCode} ${canary}`);
          }
        }
      }),
    );
    expect(found).toEqual([]);
  }, 300_000);
});

