import { type Browser, type Page, expect, test } from '@playwright/test';
import { DEMO, type DemoIdentity, enterDemo, signInShared } from './app-helpers';
import { FULL_TIER } from './tier';
import { openSelect, toastLocator } from './public-helpers';

// Issue 18, "Done when": on each platform a member opens a case from the list, edits it and sees the
// change on the timeline, puts two colleagues on the team, writes and amends a note, gives a colleague
// a task that the colleague finds on /tasks and completes, books an appointment and records time from
// the case page (a healthcare case also takes a document), meets a 409 on a stale edit, and a
// restricted case refuses a non-member until they break the glass — which the access report shows.
// Then demo mode does the same without one request to the server.

interface PlatformWalk {
  platform: 'healthcare' | 'legal' | 'medicolegal';
  list: '/patients' | '/clients';
  domain: string;
  actor: string;
  /** A colleague who gets the task, and a second one for the team, with their roles on the case. */
  colleague: { mailbox: string; name: string; role: string };
  second: { name: string; role: string };
  /** Reads case files but is not on the restricted case's team. */
  outsider: string;
  noteKind: string;
}

const WALKS: PlatformWalk[] = [
  {
    platform: 'healthcare', list: '/patients', domain: 'thornhill-hospital.example', actor: 'doctor',
    colleague: { mailbox: 'nurse', name: 'Anele Mthembu', role: 'Nurse' }, second: { name: 'Fatima Adams', role: 'Case manager' },
    outsider: 'clinical', noteKind: 'Clinical note',
  },
  {
    platform: 'legal', list: '/clients', domain: 'mokoena-attorneys.example', actor: 'director',
    colleague: { mailbox: 'consultant', name: 'Ayesha Patel', role: 'Advocate' }, second: { name: 'Charlene van Wyk', role: 'Paralegal' },
    outsider: 'consultant', noteKind: 'Attendance note',
  },
  {
    platform: 'medicolegal', list: '/clients', domain: 'gauteng-litigation.example', actor: 'slu',
    colleague: { mailbox: 'attorney', name: 'Priya Naidoo', role: 'Candidate attorney' }, second: { name: 'Johan Pretorius', role: 'Advocate' },
    outsider: 'attorney', noteKind: 'Attendance note',
  },
];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A Radix select: open it by its label, pick the option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  const list = await openSelect(page, page.getByLabel(label, { exact: true }));
  await list.getByRole('option', { name: option }).click();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** A new case through the API (as the signed-in page), so each run works on a case of its own. */
async function createCase(page: Page, body: Record<string, unknown>): Promise<{ id: string; reference: string }> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/patient-cases', { data: body, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInShared(page, email);
  return page;
}

// The every-change tier walks the hospital's case file; the full tier also the legal platforms' (the
// same screens, with their words and their own reference prefixes).
for (const walk of WALKS.filter((w, index) => FULL_TIER || index === 0)) {
  test(`${walk.platform}: the case file, from the list to the access report`, async ({ browser }) => {
    test.setTimeout(60_000);
    const email = (mailbox: string) => `${mailbox}@${walk.domain}`;
    const page = await signedInPage(browser, email(walk.actor));
    const name = `Walk ${walk.platform} ${Date.now().toString(36)}`;
    const created = await createCase(page, { patientName: name, caseType: 'Review', priority: 'Low' });
    expect(created.reference).toMatch(/^[A-Z0-9]{1,4}-\d{4}-\d{5}$/);

    // Open it from the list (found by its reference), edit it, see old → new on the timeline.
    await page.goto(`${walk.list}?q=${created.reference}`);
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(`${walk.list}/${created.id}`);
    await expect(page.getByTestId('case-reference')).toHaveText(created.reference);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Department').fill('Second Floor');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await openTab(page, 'Timeline');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Department: — → Second Floor');

    // Two colleagues on the team.
    await openTab(page, 'Team');
    for (const member of [walk.colleague, walk.second]) {
      await choose(page, 'Person', new RegExp(member.name));
      await choose(page, 'Role on the case', member.role);
      await page.getByRole('button', { name: 'Add to team' }).click();
      await expect(page.getByRole('list', { name: 'Team members' })).toContainText(member.name);
    }

    // A note, then its amendment: the first stays, shown as amended.
    await openTab(page, 'Notes');
    await expect(page.getByLabel('Kind')).toContainText(walk.noteKind);
    await page.getByLabel('Note', { exact: true }).fill('Seen today; plan discussed.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(toastLocator(page)).toContainText('Note saved');
    await page.getByRole('button', { name: 'Amend' }).first().click();
    await page.getByRole('dialog').getByRole('textbox').fill('Seen today; plan discussed and agreed.');
    await page.getByRole('dialog').getByRole('button', { name: /Amend|Save/ }).last().click();
    await expect(toastLocator(page)).toContainText('Note amended');
    const notes = page.getByRole('list', { name: 'Notes, newest first' });
    await expect(notes).toContainText('plan discussed and agreed');
    await expect(notes).toContainText(/amended/i);

    // A task for the colleague, due yesterday.
    await openTab(page, 'Tasks');
    const title = `Check results ${name}`;
    await page.getByLabel('Title').fill(title);
    await choose(page, 'Assignee', new RegExp(walk.colleague.name));
    await page.getByLabel('Due date').fill('2026-01-05');
    await page.getByRole('button', { name: 'Create task' }).click();
    await expect(page.getByRole('list', { name: 'Tasks' })).toContainText(title);

    // An appointment booked and time recorded from the case page.
    await openTab(page, 'Appointments');
    await page.getByRole('button', { name: 'Book appointment' }).click();
    const booking = page.getByRole('dialog');
    await booking.getByLabel('Title').fill('Follow-up');
    await booking.getByLabel('Start time').fill('2030-03-04T09:00');
    await booking.getByLabel('End time').fill('2030-03-04T09:30');
    await booking.getByRole('button', { name: 'Create Appointment' }).click();
    await expect(page.getByRole('list', { name: 'Appointments of this case' })).toContainText('Follow-up');
    await openTab(page, 'Time & costs');
    await page.getByLabel('What are you working on?').fill('File review');
    await page.getByRole('button', { name: 'Start timer' }).click();
    await expect(toastLocator(page)).toContainText('Timer started');
    await page.getByRole('button', { name: `Stop the timer on ${name}` }).click();
    await expect(page.getByRole('list', { name: 'My time entries on this case' })).toContainText('File review');
    if (walk.platform === 'healthcare') {
      // Time worked yesterday, added afterwards (South African date: two hours ahead of UTC).
      const yesterday = new Date(Date.now() + 2 * 3_600_000 - 24 * 3_600_000).toISOString().slice(0, 10);
      await page.getByLabel('Date', { exact: true }).fill(yesterday);
      await page.getByLabel('Start time').fill('08:00');
      await page.getByLabel('Duration (minutes)').fill('45');
      await page.getByLabel('What did you work on?').fill('Discharge planning');
      await page.getByRole('button', { name: 'Add time' }).click();
      await expect(toastLocator(page)).toContainText('Time added');
      await expect(page.getByRole('list', { name: 'My time entries on this case' })).toContainText('Discharge planning');
    }

    if (walk.platform === 'healthcare') {
      await openTab(page, 'Documents');
      await page.getByLabel('File').setInputFiles({ name: 'referral-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByRole('list', { name: 'Documents of this case' })).toContainText('referral-letter.pdf');
    }

    // Everything above is on the timeline.
    await openTab(page, 'Timeline');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    for (const line of [/Note added/, /Note amended/, /Task ".*" created/, / booked for /, /min recorded/, `${walk.colleague.name} added as`]) {
      await expect(timeline).toContainText(line);
    }

    // A stale edit: someone else saves while the dialog is open → 409, reload, then save.
    await page.getByRole('button', { name: 'Edit' }).click();
    const current = await (await page.request.get(`/api/patient-cases/${created.id}`)).json();
    const origin = new URL(page.url()).origin;
    const other = await page.request.patch(`/api/patient-cases/${created.id}`, { data: { department: 'Moved elsewhere', expectedVersion: current.version }, headers: { origin } });
    expect(other.status()).toBe(200);
    await page.getByLabel('Case type').fill('Review (second opinion)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('dialog')).toContainText('Changed by someone else');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('Department')).toHaveValue('Moved elsewhere');
    await page.getByLabel('Case type').fill('Review (second opinion)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('main')).toContainText('Review (second opinion)');

    // The colleague finds the task on /tasks, overdue, and completes it.
    const colleague = await signedInPage(browser, email(walk.colleague.mailbox));
    await colleague.goto('/tasks');
    const row = colleague.getByTestId('tasks-case-tasks').getByTestId('case-task').filter({ hasText: title });
    await expect(row).toContainText(/overdue/i);
    await row.getByRole('checkbox', { name: `Mark “${title}” done` }).click();
    await expect(colleague.getByTestId('tasks-case-tasks')).not.toContainText(title);
    await colleague.context().close();
    await page.reload();
    await openTab(page, 'Tasks');
    await expect(page.getByRole('list', { name: 'Tasks' })).toContainText(walk.colleague.name);

    // A restricted case: refused to a non-member, open after breaking the glass, in the access report.
    const secret = await createCase(page, { patientName: `${name} (restricted)`, caseType: 'Sensitive', restricted: true });
    const outsider = await signedInPage(browser, email(walk.outsider));
    await outsider.goto(`${walk.list}/${secret.id}`);
    await expect(outsider.getByTestId('restricted-case')).toBeVisible();
    await expect(outsider.getByRole('main')).not.toContainText('Sensitive');
    await outsider.getByRole('button', { name: 'Break the glass' }).click();
    await outsider.getByLabel('Reason').fill('Covering the ward tonight');
    await outsider.getByRole('button', { name: 'Open the case' }).click();
    await expect(outsider.getByRole('main')).toContainText('Sensitive');
    await outsider.context().close();
    const admin = await signedInPage(browser, email('admin'));
    await admin.goto(`/audit/cases/${secret.id}`);
    await expect(admin.getByRole('main')).toContainText('Broke the glass');
    await expect(admin.getByRole('main')).toContainText('Covering the ward tonight');
    await admin.context().close();
    await page.context().close();
  });
}

const DEMO_WALKS: { identity: DemoIdentity; list: string; colleague: RegExp; restrictedFor: DemoIdentity; restrictedCase: string }[] = [
  {
    identity: DEMO.doctor, list: '/patients', colleague: /Lerato Nkosi/,
    restrictedFor: { userId: 'pharmacist', role: 'Clinical Staff', name: 'Lerato Nkosi', platform: 'healthcare' }, restrictedCase: 'hc-case-05',
  },
];

for (const walk of DEMO_WALKS) {
  test(`demo ${walk.identity.platform}: the case file answers in the browser, without a request to the server`, async ({ page }) => {
    test.setTimeout(60_000);
    const requests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/trpc') || path.startsWith('/api')) requests.push(path);
    });
    await enterDemo(page, walk.identity, walk.list);
    await page.locator(`main a[href^="${walk.list}/"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${walk.list}/`));
    await expect(page.getByTestId('case-reference')).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Department').fill('Demo Ward');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await openTab(page, 'Timeline');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('→ Demo Ward');

    await openTab(page, 'Notes');
    await page.getByLabel('Note', { exact: true }).fill('Demo note');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByRole('list', { name: 'Notes, newest first' })).toContainText('Demo note');

    await openTab(page, 'Tasks');
    await page.getByLabel('Title').fill('Demo task');
    await choose(page, 'Assignee', walk.colleague);
    await page.getByRole('button', { name: 'Create task' }).click();
    await expect(page.getByRole('list', { name: 'Tasks' })).toContainText('Demo task');

    await openTab(page, 'Time & costs');
    await page.getByRole('button', { name: 'Start timer' }).click();
    await expect(toastLocator(page)).toContainText('Timer started');

    // The demo holds no file bytes: no upload, and downloads are shown disabled.
    await openTab(page, 'Documents');
    await expect(page.getByRole('tabpanel')).toContainText('Demo mode lists sample documents');
    await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);

    // The restricted sample case as someone outside its team.
    await enterDemo(page, walk.restrictedFor, `${walk.list}/${walk.restrictedCase}`);
    await expect(page.getByTestId('restricted-case')).toBeVisible();
    await page.getByRole('button', { name: 'Break the glass' }).click();
    // "x" says nothing to the team: the dialog refuses it with the rule, as the server would.
    await page.getByLabel('Reason').fill('x');
    await page.getByRole('button', { name: 'Open the case' }).click();
    await expect(page.getByRole('dialog')).toContainText('at least 10 characters');
    await page.getByLabel('Reason').fill('Dispensing an urgent order');
    await page.getByRole('button', { name: 'Open the case' }).click();
    await expect(page.getByTestId('case-reference')).toBeVisible();

    expect(requests).toEqual([]);
  });
}
