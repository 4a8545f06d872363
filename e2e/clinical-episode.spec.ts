import { inflateSync } from 'node:zlib';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { choose, expectAccessible, toastLocator } from './public-helpers';

// Issue 31, "Done when", in Chromium: a doctor records a penicillin allergy and is warned when
// prescribing amoxicillin; a nurse admits a patient who has an open case and no second case appears;
// observations score NEWS2 11 (high) for the hand-scored set and 3 (low-medium) for a single 3; a
// dose is recorded; the doctor releases one of two results and the patient sees that one only; the
// discharge ends the stay (disposition, off the vitals monitor) and its letter lists the diagnosis and
// the medication continued. Then the same walk in demo mode, from fixtures, with no server call.

// Each walk takes about 15 s: the 60 s of the other multi-page clinical specs leaves room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const NURSE = 'nurse@thornhill-hospital.example';
const DOCTOR = 'doctor@thornhill-hospital.example';
const PATIENT = 'patient@thornhill-hospital.example';

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const response = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The text pdf-lib drew: deflated content streams, one hex string per line. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].flatMap((m) => {
    try {
      return [inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1')];
    } catch {
      return [];
    }
  });
  return streams.flatMap((s) => [...s.matchAll(/<([0-9A-Fa-f]{2,})>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'))).join('\n');
}

async function signedIn(browser: Browser, email: string, landing?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInShared(page, email, landing);
  return page;
}

test('signed in: allergy warning, admit into the open case, NEWS2, a dose, results released, discharge ends the stay', async ({ browser }) => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  const last = `Episode${run}`;
  const name = `Sipho ${last}`;
  const nurse = await signedIn(browser, NURSE);
  const doctor = await signedIn(browser, DOCTOR);

  // A person with an open case (a clinic visit), and a free bed of the nurse's ward.
  const person = await api<{ id: string }>(nurse, 'POST', '/api/people', { firstName: 'Sipho', lastName: last, dateOfBirth: '1980-05-14', sex: 'male' });
  const kase = await api<{ id: string }>(nurse, 'POST', '/api/patient-cases', { personId: person.id, caseType: 'Community-acquired pneumonia', department: 'Internal Medicine' });
  const bed = await api<{ bedNumber: string; ward: string }>(nurse, 'POST', '/api/beds', { bedNumber: `EP${run}`.slice(0, 20), ward: `E2E Episode ${run}` });
  await api(doctor, 'POST', `/api/patient-cases/${kase.id}/encounters`, {
    type: 'Consultation', occurredAt: new Date(Date.now() - 3_600_000).toISOString(), assessment: 'Right lower lobe pneumonia', diagnoses: [{ code: 'J18.9', primary: true }],
  });

  // The doctor records a penicillin allergy from the banner, then is warned prescribing amoxicillin.
  await doctor.goto(`/patients/${kase.id}?tab=results`);
  const banner = doctor.getByTestId('patient-banner');
  await expect(banner).toContainText(name);
  await expect(banner).toContainText('Allergies not recorded');
  await banner.getByRole('button', { name: 'Allergies…' }).click();
  const allergies = doctor.getByRole('dialog', { name: `Allergies of ${name}` });
  await allergies.getByLabel('Substance').fill('Penicillin');
  await choose(doctor, 'Severity', 'Severe');
  await allergies.getByLabel('Reaction (optional)').fill('Anaphylaxis');
  await allergies.getByRole('button', { name: 'Record allergy' }).click();
  await expect(toastLocator(doctor).filter({ hasText: 'Allergy recorded' })).toBeVisible();
  await expect(allergies.getByTestId('allergy-row')).toContainText('Penicillin');
  await allergies.getByRole('button', { name: 'Close' }).click();
  await expect(allergies).toBeHidden();
  await expect(banner).toContainText('Allergy: Penicillin (severe)');
  await doctor.getByRole('tabpanel').getByRole('button', { name: 'Add medication' }).click();
  const med = doctor.getByRole('dialog', { name: 'Add a medication' });
  await med.getByLabel('Medication', { exact: true }).fill('Amoxicillin');
  await med.getByLabel('Dose', { exact: true }).fill('500 mg');
  await choose(doctor, 'Route', /^Oral/);
  await med.getByLabel('Frequency', { exact: true }).fill('Three times a day');
  await med.getByRole('button', { name: 'Save medication' }).click();
  await expect(med.getByTestId('allergy-warning')).toContainText('Recorded allergy: Penicillin (severe); Amoxicillin is one of the penicillins');
  await med.getByRole('button', { name: 'Prescribe anyway' }).click();
  await expect(med).toBeHidden();
  await expectAccessible(doctor);

  // The nurse admits the person: the dialog offers their open case, and no second case appears.
  await nurse.goto('/bed-management');
  await nurse.getByRole('button', { name: 'Admit patient' }).click();
  const admit = nurse.getByRole('dialog', { name: 'Admit patient' });
  await admit.getByRole('combobox', { name: /Patient/ }).fill(last);
  await admit.getByRole('option', { name: new RegExp(name) }).click();
  await choose(nurse, /^Bed$/, `Bed ${bed.bedNumber} · ${bed.ward}`);
  await expect(admit.getByLabel('Case')).toContainText('Community-acquired pneumonia');
  await admit.getByRole('button', { name: 'Admit', exact: true }).click();
  await expect(toastLocator(nurse).filter({ hasText: 'Patient admitted' })).toBeVisible();
  const detail = await api<{ cases: { id: string }[] }>(nurse, 'GET', `/api/people/${person.id}`);
  expect(detail.cases.map((c) => c.id)).toEqual([kase.id]);

  // Observations: the hand-scored set (decimal comma) is 11, high; a pulse of 135 alone is 3, low-medium.
  await nurse.goto(`/patients/${kase.id}?tab=results`);
  await expect(nurse.getByTestId('patient-banner')).toContainText(`Bed ${bed.bedNumber}`);
  await nurse.getByRole('button', { name: 'Record observations' }).click();
  const obs = nurse.getByRole('dialog', { name: 'Record observations' });
  for (const [label, value] of [['Respiration rate (/min)', '26'], ['SpO2 (%)', '93'], ['Systolic BP (mmHg)', '105'], ['Pulse (bpm)', '115'], ['Temperature (°C)', '38,5']] as const) {
    await obs.getByLabel(label).fill(value);
  }
  await choose(nurse, 'Air or oxygen', 'Oxygen');
  await obs.getByRole('button', { name: 'Save observations' }).click();
  await expect(obs).toBeHidden();
  const card = nurse.getByLabel('Observations', { exact: true });
  await expect(card.getByTestId('news2-badge').first()).toHaveText('NEWS2 11 · high');
  await api(nurse, 'POST', `/api/patient-cases/${kase.id}/observations`, { respiratoryRate: 16, spo2: 97, onOxygen: false, systolic: 125, pulse: 135, consciousness: 'A', temperatureC: 37 });
  await nurse.reload();
  await expect(nurse.getByRole('table', { name: 'Observations, newest first' })).toContainText('NEWS2 3 · low-medium');

  // A dose given, on today's administration record.
  const mar = nurse.getByLabel('Medication administration record', { exact: true });
  await mar.getByRole('button', { name: 'Record a dose of Amoxicillin' }).click();
  await nurse.getByRole('dialog', { name: 'Give Amoxicillin' }).getByRole('button', { name: 'Record dose' }).click();
  await expect(mar.getByRole('list', { name: 'Doses of Amoxicillin' })).toContainText('given 500 mg Oral');
  await expectAccessible(nurse);

  // Results: two held on Thabo Mabaso's case; the doctor releases one; the patient sees that one only.
  const thabo = (await api<{ items: { id: string; caseType: string; status: string }[] }>(nurse, 'GET', '/api/patient-cases?search=Thabo%20Mabaso&pageSize=50')).items.find((c) => c.caseType === 'Hip Replacement' && c.status === 'In Progress')!;
  const [released, held] = [`Magnesium ${run}`, `Phosphate ${run}`];
  for (const test_ of [released, held]) await api(nurse, 'POST', `/api/patient-cases/${thabo.id}/results`, { test: test_, value: '0.8', unit: 'mmol/L' });
  await doctor.goto(`/patients/${thabo.id}?tab=results`);
  await doctor.getByRole('button', { name: `Release ${released} to the patient` }).click();
  await expect(toastLocator(doctor).filter({ hasText: 'Released to the patient' })).toBeVisible();
  const patient = await signedIn(browser, PATIENT, '/');
  await patient.getByRole('tab', { name: 'Test Results', exact: true }).click();
  const portal = patient.getByRole('list', { name: 'Your test results' });
  await expect(portal).toContainText(released);
  await expect(portal).not.toContainText(held);

  // Discharge: home, amoxicillin continued; the case completes, leaves the monitor, and the letter says so.
  await nurse.goto('/bed-management');
  await nurse.getByRole('button', { name: `Discharge ${name} from bed ${bed.bedNumber}` }).click();
  const discharge = nurse.getByRole('dialog', { name: `Discharge ${name}?` });
  await expect(discharge.getByRole('list', { name: 'Active medications' })).toContainText('Amoxicillin');
  await discharge.getByLabel('Home', { exact: true }).check();
  await discharge.getByRole('button', { name: 'Discharge', exact: true }).click();
  await expect(toastLocator(nurse).filter({ hasText: 'Patient discharged' })).toBeVisible();
  const after = await api<{ status: string }>(nurse, 'GET', `/api/patient-cases/${kase.id}`);
  expect(after.status).toBe('Completed');
  const monitor = await api<{ items: { caseId: string }[] }>(doctor, 'GET', '/api/vitals/latest');
  expect(monitor.items.map((i) => i.caseId)).not.toContain(kase.id);
  const docs = await api<{ items: { id: string; fileName: string }[] }>(nurse, 'GET', `/api/documents?caseId=${kase.id}`);
  const letter = docs.items.find((d) => d.fileName.startsWith('Discharge summary'))!;
  const pdf = await nurse.request.get(`/api/documents/${letter.id}/download`);
  const text = pdfText(await pdf.body());
  expect(text).toContain('J18.9 Pneumonia, unspecified');
  expect(text).toContain('Amoxicillin 500 mg Oral, Three times a day');
  expect(text).toContain('Home');
  await nurse.goto(`/patients/${kase.id}`);
  await expect(nurse.getByTestId('patient-banner')).toContainText('Discharged');
});

test('demo mode: the same episode from fixtures, with no request to the server', async ({ browser }) => {
  const doctor = await (await browser.newContext()).newPage();
  const apiCalls: string[] = [];
  doctor.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/trpc/')) apiCalls.push(path);
  });
  await enterDemo(doctor, DEMO.doctor, '/patients/hc-case-01?tab=results');
  const banner = doctor.getByTestId('patient-banner');
  await expect(banner).toContainText('Thabo Mabaso');
  await expect(banner).toContainText('Allergy: Penicillin (severe)');
  // The held CRP of this morning: the doctor releases it.
  await doctor.getByRole('button', { name: 'Release C-reactive protein to the patient' }).click();
  await expect(doctor.getByRole('table', { name: 'Results, newest first' }).getByRole('row').filter({ hasText: 'C-reactive protein' })).toContainText('Released');
  await doctor.getByRole('tabpanel').getByRole('button', { name: 'Add medication' }).click();
  const med = doctor.getByRole('dialog', { name: 'Add a medication' });
  await med.getByLabel('Medication', { exact: true }).fill('Amoxicillin');
  await med.getByLabel('Dose', { exact: true }).fill('500 mg');
  await choose(doctor, 'Route', /^Oral/);
  await med.getByLabel('Frequency', { exact: true }).fill('Three times a day');
  await med.getByRole('button', { name: 'Save medication' }).click();
  await expect(med.getByTestId('allergy-warning')).toContainText('Recorded allergy: Penicillin (severe)');
  await med.getByRole('button', { name: 'Cancel' }).click();
  expect(apiCalls).toEqual([]);

  const nurse = await (await browser.newContext()).newPage();
  nurse.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/trpc/')) apiCalls.push(path);
  });
  await enterDemo(nurse, DEMO.nurse, '/patients/hc-case-01?tab=results');
  await nurse.getByRole('button', { name: 'Record observations' }).click();
  const obs = nurse.getByRole('dialog', { name: 'Record observations' });
  for (const [label, value] of [['Respiration rate (/min)', '26'], ['SpO2 (%)', '93'], ['Systolic BP (mmHg)', '105'], ['Pulse (bpm)', '115'], ['Temperature (°C)', '38,5']] as const) {
    await obs.getByLabel(label).fill(value);
  }
  await choose(nurse, 'Air or oxygen', 'Oxygen');
  await obs.getByRole('button', { name: 'Save observations' }).click();
  await expect(nurse.getByLabel('Observations', { exact: true }).getByTestId('news2-badge').first()).toHaveText('NEWS2 11 · high');
  const mar = nurse.getByLabel('Medication administration record', { exact: true });
  await mar.getByRole('button', { name: 'Record a dose of Paracetamol' }).click();
  await nurse.getByRole('dialog', { name: 'Give Paracetamol' }).getByRole('button', { name: 'Record dose' }).click();
  await expect(mar.getByRole('list', { name: 'Doses of Paracetamol' })).toContainText('given');

  // Discharge from the bed board: Thabo goes home, his medications reviewed; the case completes.
  await nurse.goto('/bed-management');
  await nurse.getByRole('button', { name: /^Discharge Thabo Mabaso from bed/ }).click();
  const discharge = nurse.getByRole('dialog', { name: 'Discharge Thabo Mabaso?' });
  await expect(discharge.getByRole('list', { name: 'Active medications' })).toContainText('Enoxaparin');
  await discharge.getByLabel('Home', { exact: true }).check();
  await discharge.getByRole('button', { name: 'Discharge', exact: true }).click();
  await expect(toastLocator(nurse).filter({ hasText: 'Patient discharged' })).toBeVisible();
  await nurse.goto('/patients/hc-case-01');
  await expect(nurse.getByTestId('patient-banner')).toContainText('Discharged');
  expect(apiCalls).toEqual([]);
});
