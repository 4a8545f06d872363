import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { refreshAllAccountSums } from '../account-sums';
import { isPmb } from '../../src/shared/billing-codes/cdl';
import { STARTER_TARIFFS } from '../../src/shared/billing-codes/starter-tariffs';

// Getting paid on a fresh demo (issue 33): each hospital has a BHF practice number and its doctors
// practitioner numbers; the patients of the running cases with encounters have medical-aid cover;
// each such encounter became a charge with its diagnoses. The first case's account was claimed and
// the scheme's remittance paid one line and short-paid the other, whose remainder went to the
// patient, who paid part of it; the second case's patient is the first's dependant, and their account
// waits to be claimed — its ward round still lacks the authorisation number the scheme will ask for. Written straight to the
// tables on a fresh database (numbers from 1, the series' counters set to the last used); the rules
// are the services'.

const DAY_MS = 86_400_000;
const SCHEMES = ['Discovery Health Medical Scheme', 'Bonitas Medical Fund', 'Momentum Health', 'GEMS'];
const CODE_OF: Record<string, string> = { emergency: '0146', consultation: '0191', 'ward-round': '0173' };

const day = (at: Date) => at.toISOString().slice(0, 10);

export async function seedAccounts(db: Kysely<DB>, now: Date): Promise<void> {
  const hospitals = await db.selectFrom('organizations').select(['id', 'name']).where('platform', '=', 'healthcare').orderBy('created_at').execute();
  for (const [h, hospital] of hospitals.entries()) {
    const at = now.toISOString();
    const last = { account: 0, claim: 0, receipt: 0 };
    await db.insertInto('billing_settings').values({ organization_id: hospital.id, practice_number: String(5_400_000 + h * 1_111 + 17).padStart(7, '0'), vat_number: null, bank_details: JSON.stringify({ bankName: 'First National Bank', accountName: hospital.name, accountNumber: String(62_000_000_000 + h * 97_531), branchCode: '250655', accountType: 'cheque' }), updated_by: null, updated_at: at }).execute();
    const doctors = await db.selectFrom('memberships').select('user_id').where('organization_id', '=', hospital.id).where('role', '=', 'Doctor').orderBy('user_id').execute();
    for (const [i, d] of doctors.entries()) {
      await db.updateTable('memberships').set({ practitioner_number: String(1_200_000 + h * 10_000 + i * 13 + 1) }).where('organization_id', '=', hospital.id).where('user_id', '=', d.user_id).execute();
    }
    const encounters = await db
      .selectFrom('encounters as e')
      .innerJoin('cases as k', 'k.id', 'e.case_id')
      .select(['e.id', 'e.case_id', 'e.type', 'e.occurred_at', 'e.clinician_id', 'k.person_id', 'k.case_type', 'k.created_at as case_created'])
      .where('e.organization_id', '=', hospital.id)
      .where('e.amends_id', 'is', null)
      .where('k.person_id', 'is not', null)
      .orderBy('k.created_at')
      .orderBy('e.occurred_at')
      .execute();
    const caseIds = [...new Set(encounters.map((e) => e.case_id))].slice(0, 2);
    type Family = { personId: string; name: string; scheme: string; membership: string };
    let family: Family | null = null;
    for (const [c, caseId] of caseIds.entries()) {
      const ofCase = encounters.filter((e) => e.case_id === caseId);
      const personId = ofCase[0]!.person_id!;
      const person = await db.selectFrom('people').select(['full_name', 'medical_aid_scheme', 'medical_aid_number']).where('id', '=', personId).executeTakeFirstOrThrow();
      // The first patient is a main member; the second is on the same membership as their dependant
      // 01, so the main member's statement shows the family and the claim carries the dependant code.
      const main: Family | null = c === 0 ? null : family;
      const scheme: string = main?.scheme ?? person.medical_aid_scheme ?? SCHEMES[h % SCHEMES.length]!;
      const membership: string = main?.membership ?? person.medical_aid_number ?? `${scheme.slice(0, 2).toUpperCase()}${String(40_000_000 + h * 1_000 + 7)}`;
      await db
        .insertInto('person_cover')
        .values({ person_id: personId, organization_id: hospital.id, kind: 'medical-aid', scheme, plan: 'Classic', option: null, membership_number: membership, dependant_code: main ? '01' : '00', main_member_id: main?.personId ?? null, updated_by: null, updated_at: at })
        .onConflict((oc) => oc.column('person_id').doNothing())
        .execute();
      // The person's older medical-aid fields stay in step, as cover.service keeps them (the main member's name).
      await db.updateTable('people').set({ medical_aid_scheme: scheme, medical_aid_number: membership, medical_aid_main_member: main?.name ?? person.full_name }).where('id', '=', personId).execute();
      if (!main) family = { personId, name: person.full_name, scheme, membership };
      const holderId = main?.personId ?? personId;
      const chargeIds: { id: string; amount: number }[] = [];
      // Each encounter is a consultation (or ward round) charge; the first also the test done at it.
      const work = ofCase.flatMap((e, i) => [{ e, code: CODE_OF[e.type] ?? '0190' }, ...(i === 0 ? [{ e, code: /cardiac/i.test(e.case_type) ? '1232' : '4050' }] : [])]);
      for (const { e, code } of work) {
        const diagnoses = await db.selectFrom('encounter_diagnoses').select('code').where('encounter_id', '=', e.id).execute();
        const tariff = STARTER_TARIFFS.find((t) => t.code === code)!;
        const icd10 = diagnoses.map((d) => d.code);
        const id = randomUUID();
        await db
          .insertInto('charges')
          .values({
            id, organization_id: hospital.id, case_id: caseId, person_id: personId, encounter_id: e.id, service_date: e.occurred_at.slice(0, 10),
            code_list: 'tariff', code: tariff.code, description: tariff.description, quantity: 1, unit_price_cents: tariff.priceCents, amount_cents: tariff.priceCents, vat_cents: 0,
            icd10_codes: JSON.stringify(icd10.length > 0 ? icd10 : ['Z00.0']), modifier: null, authorisation_number: tariff.needsAuthorisation && c === 0 ? `AUTH${String(880_000 + h * 100 + c)}` : null, // the draft account's is still missing
            needs_authorisation: tariff.needsAuthorisation ? 1 : 0, pmb: isPmb(icd10) ? 1 : 0, treating_practitioner_id: e.clinician_id, created_by: e.clinician_id, created_at: e.occurred_at,
            voided_at: null, voided_by: null, void_reason: null,
          })
          .execute();
        chargeIds.push({ id, amount: tariff.priceCents });
      }
      const accountDate = day(new Date(Math.min(now.getTime(), Math.max(...ofCase.map((e) => Date.parse(e.occurred_at))) + DAY_MS)));
      const claimed = c === 0;
      // The whole seed runs in one transaction (seed-demo.ts).
      await (async (trx: Kysely<DB>) => {
        const number = ++last.account;
        const accountId = randomUUID();
        const total = chargeIds.reduce((s, ch) => s + ch.amount, 0);
        await trx.insertInto('accounts').values({ id: accountId, organization_id: hospital.id, number, case_id: caseId, person_id: personId, holder_id: holderId, payer: 'scheme', account_date: accountDate, total_cents: total, vat_cents: 0, created_by: null, created_at: at }).execute();
        const claimId = claimed ? randomUUID() : null;
        const lineIds: string[] = [];
        for (const [i, ch] of chargeIds.entries()) {
          const lineId = randomUUID();
          lineIds.push(lineId);
          await trx.insertInto('account_lines').values({ id: lineId, organization_id: hospital.id, account_id: accountId, charge_id: ch.id, position: i + 1, amount_cents: ch.amount, vat_cents: 0, status: 'draft', status_reason: null, claim_id: null }).execute();
          await trx.insertInto('account_line_events').values({ id: randomUUID(), organization_id: hospital.id, line_id: lineId, from_status: null, to_status: 'draft', reason: null, actor_id: null, at }).execute();
        }
        if (!claimed) return;
        const claimNumber = ++last.claim;
        await trx.insertInto('claims').values({ id: claimId!, organization_id: hospital.id, number: claimNumber, scheme, status: 'accepted', export: JSON.stringify({ format: 'casebridge-claim/1', claimNumber, seeded: true }), transport: 'file', switch_reference: null, failure: null, submitted_by: null, submitted_at: at }).execute();
        const remittanceId = randomUUID();
        const paid = chargeIds.map((ch, i) => (i === chargeIds.length - 1 && chargeIds.length > 1 ? Math.round(ch.amount * 0.8) : ch.amount));
        await trx.insertInto('remittances').values({ id: remittanceId, organization_id: hospital.id, scheme, date: accountDate, reference: `ERA-${claimNumber}-${h + 1}`, total_cents: paid.reduce((s, p) => s + p, 0), captured_by: null, captured_at: at }).execute();
        for (const [i, lineId] of lineIds.entries()) {
          const short = paid[i]! < chargeIds[i]!.amount;
          await trx.updateTable('account_lines').set({ status: short ? 'short-paid' : 'paid', status_reason: short ? '05 Paid at scheme rate' : null, claim_id: claimId }).where('id', '=', lineId).execute();
          await trx.insertInto('remittance_lines').values({ id: randomUUID(), organization_id: hospital.id, remittance_id: remittanceId, account_line_id: lineId, paid_cents: paid[i]!, reason_code: short ? '05' : null, reason: short ? 'Paid at scheme rate' : null }).execute();
          for (const [from, to] of [['draft', 'submitted'], ['submitted', short ? 'short-paid' : 'paid']] as const) {
            await trx.insertInto('account_line_events').values({ id: randomUUID(), organization_id: hospital.id, line_id: lineId, from_status: from, to_status: to, reason: null, actor_id: null, at }).execute();
          }
          if (short) {
            const shortfall = chargeIds[i]!.amount - paid[i]!;
            await trx.insertInto('line_shortfalls').values({ id: randomUUID(), organization_id: hospital.id, account_line_id: lineId, action: 'patient', amount_cents: shortfall, decided_by: null, decided_at: at }).execute();
            const receipt = ++last.receipt;
            await trx.insertInto('account_payments').values({ id: randomUUID(), organization_id: hospital.id, account_id: accountId, receipt_number: receipt, amount_cents: Math.round(shortfall / 2), method: 'card', date: accountDate, reverses_id: null, received_by: null, created_at: at }).execute();
          }
        }
      })(db);
    }
    // The portal patient's own case: a consultation paid privately, part paid — what "My Account" shows.
    const own = await db.selectFrom('cases').select(['id', 'person_id', 'assigned_doctor_id']).where('organization_id', '=', hospital.id).where('patient_user_id', 'is not', null).where('person_id', 'is not', null).orderBy('created_at').executeTakeFirst();
    if (own && !caseIds.includes(own.id)) {
      const tariff = STARTER_TARIFFS.find((t) => t.code === '0190')!;
      const serviceDate = day(new Date(now.getTime() - 40 * DAY_MS));
      const chargeId = randomUUID();
      const accountId = randomUUID();
      await db.insertInto('charges').values({
        id: chargeId, organization_id: hospital.id, case_id: own.id, person_id: own.person_id, encounter_id: null, service_date: serviceDate, code_list: 'tariff', code: tariff.code,
        description: tariff.description, quantity: 1, unit_price_cents: tariff.priceCents, amount_cents: tariff.priceCents, vat_cents: 0, icd10_codes: JSON.stringify(['Z00.0']),
        modifier: null, authorisation_number: null, needs_authorisation: 0, pmb: 0, treating_practitioner_id: own.assigned_doctor_id, created_by: own.assigned_doctor_id, created_at: at,
        voided_at: null, voided_by: null, void_reason: null,
      }).execute();
      await db.insertInto('accounts').values({ id: accountId, organization_id: hospital.id, number: ++last.account, case_id: own.id, person_id: own.person_id, holder_id: own.person_id, payer: 'patient', account_date: serviceDate, total_cents: tariff.priceCents, vat_cents: 0, created_by: null, created_at: at }).execute();
      const lineId = randomUUID();
      await db.insertInto('account_lines').values({ id: lineId, organization_id: hospital.id, account_id: accountId, charge_id: chargeId, position: 1, amount_cents: tariff.priceCents, vat_cents: 0, status: 'draft', status_reason: null, claim_id: null }).execute();
      await db.insertInto('account_line_events').values({ id: randomUUID(), organization_id: hospital.id, line_id: lineId, from_status: null, to_status: 'draft', reason: null, actor_id: null, at }).execute();
      await db.insertInto('account_payments').values({ id: randomUUID(), organization_id: hospital.id, account_id: accountId, receipt_number: ++last.receipt, amount_cents: 200_00, method: 'cash', date: serviceDate, reverses_id: null, received_by: null, created_at: at }).execute();
    }
    for (const [series, number] of Object.entries(last)) {
      if (number > 0) await db.insertInto('number_series').values({ organization_id: hospital.id, series, last_number: number }).execute();
    }
    await refreshAllAccountSums(db, hospital.id); // the accounts were written straight to the tables
  }
}
