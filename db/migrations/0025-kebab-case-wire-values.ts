import { type Kysely, sql } from 'kysely';

// One convention for enumerated values (issue 32, decision 0060): the stored ids become the wire's
// lowercase kebab-case ones. Old spellings are still accepted on input for one release (the shared
// zod schemas map them); what is stored and answered is the new id only.
// - case_team.role_on_case: attending_doctor → attending-doctor (snake_case → kebab-case).
// - encounters.type: 'Ward round' → 'ward-round' (the four types are one or two plain words).
// - medications.route and medication_administrations.route: 'Oral' → 'oral', 'Rectal (PR)' → 'rectal'.
//   A route typed before the list existed (free text) is left as it was; the client shows it as is.

const ROUTES: readonly (readonly [string, string])[] = [
  ['Oral', 'oral'], ['IV', 'iv'], ['IM', 'im'], ['SC', 'sc'], ['Sublingual', 'sublingual'], ['Topical', 'topical'], ['Transdermal', 'transdermal'],
  ['Inhaled', 'inhaled'], ['Nebulised', 'nebulised'], ['Nasal', 'nasal'], ['Eye', 'eye'], ['Ear', 'ear'], ['Rectal (PR)', 'rectal'], ['Vaginal (PV)', 'vaginal'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update case_team set role_on_case = replace(role_on_case, '_', '-')`.execute(db);
  await sql`update encounters set type = lower(replace(type, ' ', '-'))`.execute(db);
  for (const [from, to] of ROUTES) {
    await db.updateTable('medications').set({ route: to }).where('route', '=', from).execute();
    await db.updateTable('medication_administrations').set({ route: to }).where('route', '=', from).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update case_team set role_on_case = replace(role_on_case, '-', '_')`.execute(db);
  for (const [to, from] of ROUTES) {
    await db.updateTable('medications').set({ route: to }).where('route', '=', from).execute();
    await db.updateTable('medication_administrations').set({ route: to }).where('route', '=', from).execute();
  }
  for (const [from, to] of [['consultation', 'Consultation'], ['ward-round', 'Ward round'], ['theatre', 'Theatre'], ['emergency', 'Emergency']]) {
    await sql`update encounters set type = ${to} where type = ${from}`.execute(db);
  }
}
