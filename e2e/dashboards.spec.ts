import { expect, test, type Page } from '@playwright/test';
import { DEMO, type DemoIdentity, enterDemo, shots, signInShared } from './app-helpers';
import { expectAccessible } from './public-helpers';

// The dashboard views of SPEC §2.9 for each kind of role: signed in, every figure on screen is the
// server's answer for that person's organisation (read back through the REST API with the same
// session); in demo mode the §3.6 sample figures. Super Admin has its own spec. The sign-in form has
// its own specs: these reuse a session per user and server (signInShared).

interface Stats {
  activePatients: number;
  casesCompleted: number;
  teamMembers: number;
  bedOccupancy: number | null;
  revenueImpactCents: number | null;
  teamEfficiency: number | null;
}
interface PanelCase {
  patientName: string;
  urgentFlags: string[];
}
interface Workspace {
  myActiveCases: number;
  myCases: PanelCase[];
  watchList: PanelCase[];
  recentUpdates: PanelCase[];
  tasks: { assignedCases: number; appointmentsToday: number; unreadMessages: number; openSupportChats: number };
  billable: { minutes: number; cents: number; entries: number };
}

async function serverFigures(page: Page): Promise<{ stats: Stats; work: Workspace }> {
  const [stats, work] = await Promise.all([page.request.get('/api/dashboard/stats'), page.request.get('/api/dashboard/workspace')]);
  expect(stats.ok() && work.ok()).toBe(true);
  return { stats: (await stats.json()) as Stats, work: (await work.json()) as Workspace };
}

const figure = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Key figures' }).locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: label, exact: true }) }).locator('p').first();
const panel = (page: Page, title: string) => page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const links = (page: Page, title: string) => page.getByRole('navigation', { name: title }).getByRole('link');
/** SPEC §2.9: monthly revenue in thousands with a K, as en-ZA writes numbers. */
const thousands = (cents: number) => `R ${new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 }).format(cents / 100 / 1000)}K`;

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/dashboard-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/dashboard-${name}-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('signed in, figures from the organisation', () => {
  test('a Doctor gets the clinical view: own cases with progress, schedule, vitals monitor', async ({ page }) => {
    await signInShared(page, 'doctor@thornhill-hospital.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Doctor Dashboard' })).toBeVisible();
    const { stats, work } = await serverFigures(page);
    await expect(figure(page, 'My Active Cases')).toHaveText(String(work.myActiveCases));
    await expect(figure(page, 'Active Patients')).toHaveText(String(stats.activePatients));
    await expect(figure(page, 'Bed Occupancy')).toHaveText(`${stats.bedOccupancy}%`);
    expect(stats.revenueImpactCents).toBeNull(); // §2.9: revenue is not a Doctor's to see

    const mine = page.getByRole('list', { name: 'My Active Cases' });
    expect(work.myCases.length).toBeGreaterThan(0);
    await expect(mine.getByRole('listitem')).toHaveCount(work.myCases.length);
    await expect(mine.getByRole('progressbar').first()).toBeVisible();
    await expect(mine.getByRole('listitem').first()).toContainText(work.myCases[0]!.patientName);
    const watched = work.watchList.find((c) => c.urgentFlags.length > 0)!;
    await expect(page.getByRole('list', { name: 'Patients to watch' })).toContainText(watched.urgentFlags[0]!);
    await expect(panel(page, 'Upcoming Schedule')).toBeVisible();
    await expect(panel(page, 'Lab Results')).toHaveCount(0);

    // Quick links go where a Doctor may go; the care team reads the beds (decision 0027), costs are not theirs.
    await expect(links(page, 'Quick Links')).toHaveText([/Patient Cases/, /Bed Management/, /Messages/, /Schedule/, /Analytics/]);
    await expectAccessible(page);
    await screenshot(page, 'clinical');
    await links(page, 'Quick Links').filter({ hasText: 'Analytics' }).click();
    await expect(page).toHaveURL('/analytics');
  });

  test('a Nurse gets the clinical view with a bed management link', async ({ page }) => {
    await signInShared(page, 'nurse@thornhill-hospital.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Nurse Dashboard' })).toBeVisible();
    await expect(links(page, 'Quick Links').filter({ hasText: 'Bed Management' })).toHaveAttribute('href', '/bed-management');
  });

  test('Diagnostic Services gets the lab results panel instead of the vitals monitor', async ({ page }) => {
    await signInShared(page, 'kevin.naidoo@thornhill-hospital.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Diagnostic Services Dashboard' })).toBeVisible();
    const results = (await (await page.request.get('/api/test-results/recent')).json()) as { testName: string }[];
    expect(results.length).toBeGreaterThan(0);
    await expect(page.getByRole('list', { name: 'Lab results' }).getByRole('listitem')).toHaveCount(results.length);
    await expect(page.getByRole('list', { name: 'Lab results' })).toContainText(results[0]!.testName);
    await expect(panel(page, 'Vitals Monitor')).toHaveCount(0);
  });

  test('an Administrator gets the operations view: users, efficiency, revenue in K, tasks, user list', async ({ page }) => {
    await signInShared(page, 'admin@thornhill-hospital.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' })).toBeVisible();
    const { stats, work } = await serverFigures(page);
    await expect(figure(page, 'Total Users')).toHaveText(String(stats.teamMembers));
    await expect(figure(page, 'Team Efficiency')).toHaveText(`${stats.teamEfficiency}%`);
    expect(stats.revenueImpactCents).not.toBeNull();
    await expect(figure(page, 'Monthly Revenue')).toHaveText(thousands(stats.revenueImpactCents!));

    const tasks = page.getByRole('list', { name: 'My work' });
    await expect(tasks).toContainText(`${work.tasks.unreadMessages} unread ${work.tasks.unreadMessages === 1 ? 'message' : 'messages'}`);
    await expect(tasks).toContainText(`${work.tasks.appointmentsToday} ${work.tasks.appointmentsToday === 1 ? 'appointment' : 'appointments'} today`);
    await expect(page.getByRole('list', { name: 'Members' })).toContainText('Anele Mthembu');
    // Issue 17: the User Management panel counts users as the Total Users card does (active staff).
    await expect(page.getByTestId('active-staff-count')).toHaveText(`${stats.teamMembers} active staff`);

    const hrefs = await links(page, 'Quick Actions').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/patients', '/users', '/users/invite', '/settings', '/billing', '/messages', '/schedule', '/support', '/analytics', '/tasks', '/audit', '/retention']);
    await expect(links(page, 'Reports')).toHaveText([/Analytics/, /Cost Report/, /Billing Statement/]);
    await expectAccessible(page);
    await screenshot(page, 'operations');
  });

  test('a Case Manager gets case management and no revenue or user list', async ({ page }) => {
    await signInShared(page, 'casemanager@thornhill-hospital.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Case Manager Dashboard' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Case Management' }).or(panel(page, 'Case Management'))).not.toHaveCount(0);
    await expect(figure(page, 'Monthly Revenue')).toHaveCount(0);
    await expect(panel(page, 'User Management')).toHaveCount(0);
    await expect(links(page, 'Quick Actions').filter({ hasText: 'Billing' })).toHaveCount(0);
  });

  test('Finance Staff on a legal platform see revenue and billing, and client wording', async ({ page }) => {
    await signInShared(page, 'finance@mokoena-attorneys.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Finance Staff Dashboard' })).toBeVisible();
    const { stats } = await serverFigures(page);
    await expect(figure(page, 'Open Matters')).toHaveText(String(stats.activePatients));
    await expect(figure(page, 'Monthly Revenue')).toHaveText(thousands(stats.revenueImpactCents!));
    await expect(figure(page, 'Total Users')).toHaveCount(0);
    await expect(links(page, 'Quick Actions').first()).toHaveAttribute('href', '/clients');
    await expect(links(page, 'Quick Actions').filter({ hasText: 'Billing' })).toHaveAttribute('href', '/billing');
  });

  test('a Legal Consultant sees billable hours, court schedule, documents and recent updates', async ({ page }) => {
    await signInShared(page, 'consultant@mokoena-attorneys.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Legal Consultants Dashboard' })).toBeVisible();
    const { work } = await serverFigures(page);
    await expect(figure(page, 'Billable Hours')).toHaveText(`${(Math.round(work.billable.minutes / 6) / 10).toFixed(1)} h`);
    await expect(panel(page, 'Court Schedule')).toBeVisible();
    await expect(panel(page, 'Documents')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent updates' }).getByRole('listitem').first()).toContainText(work.recentUpdates[0]!.patientName);
    await expectAccessible(page);
    await screenshot(page, 'legal');
  });

  test('a Director has no billable hours and no link to cost management (Administrator only)', async ({ page }) => {
    await signInShared(page, 'director@mokoena-attorneys.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Director Dashboard' })).toBeVisible();
    await expect(figure(page, 'Billable Hours')).toHaveCount(0);
    // Decision 0027: costs name every colleague's rate, so the Director is not sent to a refusal.
    await expect(links(page, 'Quick Links').filter({ hasText: 'Cost Management' })).toHaveCount(0);
    await expect(links(page, 'Quick Links').filter({ hasText: 'Matters' })).toHaveAttribute('href', '/clients');
  });

  test('the Special Litigation Unit (medicolegal) counts its exposure, not billable hours (issue 32)', async ({ page }) => {
    await signInShared(page, 'slu@gauteng-litigation.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Special Litigation Unit Dashboard' })).toBeVisible();
    const claims = (await (await page.request.get('/api/dashboard/state-claims')).json()) as { openClaims: number; contingentLiabilityCents: number; byHospital: { hospital: string }[] };
    await expect(figure(page, 'Open Claims')).toHaveText(String(claims.openClaims));
    await expect(figure(page, 'Contingent Liability')).toHaveText(thousands(claims.contingentLiabilityCents));
    await expect(figure(page, 'Deadlines This Week')).toBeVisible();
    await expect(figure(page, 'Mandates Awaited')).toBeVisible();
    await expect(figure(page, 'Billable Hours')).toHaveCount(0);
    await expect(figure(page, 'Settlement Rate')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Claims by hospital' }).getByRole('listitem').first()).toContainText(claims.byHospital[0]!.hospital);
    await expect(panel(page, 'Court Schedule')).toBeVisible();
    // The list names the claimant the unit defends against.
    await page.goto('/clients');
    await expect(page.getByRole('table', { name: 'Matters' }).getByRole('columnheader', { name: 'Claimant' })).toBeVisible();
  });
});

test.describe('demo mode, the §3.6 sample figures', () => {
  const thousandsOf = (rand: number) => thousands(rand * 100);

  test('healthcare Administrator: 156 active, 89 completed, 94% and R 1 250K', async ({ page }) => {
    await enterDemo(page, DEMO.administrator);
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' })).toBeVisible();
    await expect(figure(page, 'Active Patients')).toHaveText('156');
    await expect(figure(page, 'Cases Completed')).toHaveText('89');
    await expect(figure(page, 'Team Efficiency')).toHaveText('94%');
    await expect(figure(page, 'Monthly Revenue')).toHaveText(thousandsOf(1_250_000));
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).not.toHaveCount(0);
    await expectAccessible(page);
  });

  const demoOf = (identity: DemoIdentity) => identity;

  test('a demo Laboratory Technician gets the diagnostic view', async ({ page }) => {
    await enterDemo(page, demoOf({ userId: 'laboratory_technician', role: 'Diagnostic Services', name: 'Sipho Khumalo', platform: 'healthcare' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Diagnostic Services Dashboard' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Lab results' }).getByRole('listitem')).not.toHaveCount(0);
    await expect(figure(page, 'Active Patients')).toHaveText('156');
  });

  test('a demo Legal Consultant sees the legal set (12 active) and billable hours', async ({ page }) => {
    await enterDemo(page, demoOf({ userId: 'paralegal', role: 'Legal Consultants', name: 'Zanele Mahlangu', platform: 'legal' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Legal Consultants Dashboard' })).toBeVisible();
    await expect(figure(page, 'Open Matters')).toHaveText('12');
    await expect(figure(page, 'Billable Hours')).toBeVisible();
    await expect(panel(page, 'Court Schedule')).toBeVisible();
    await expectAccessible(page);
  });
});
