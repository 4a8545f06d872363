import { expect, test } from '@playwright/test';
import { scriptErrors } from './script-errors';

// Issue 30, decision 0048: the public pages arrive as HTML with their own title, description, Open
// Graph tags and content — what a crawler or a link preview reads, and what a visitor sees before
// any script has run — and then come alive when the script hydrates them. A session still gets the
// signed-in app.

const admin = { email: 'admin@thornhill-hospital.example', password: 'demo-pass-2026' };

const PAGES = [
  { path: '/', title: 'CaseBridge | Case management for healthcare, legal and medicolegal teams', content: 'One case management platform for hospitals, law firms and state litigators' },
  { path: '/login', title: 'Sign In | CaseBridge', content: 'Sign in with the e-mail address your organisation registered.' },
  { path: '/trial-signup', title: 'Start Your Free 30-Day Trial | CaseBridge', content: 'Start your free 30-day trial' },
  { path: '/register', title: 'Contact Us for Registration | CaseBridge', content: 'Contact Us for Registration' },
];

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

test('each public page is sent as HTML with its own title, description, social tags and content', async ({ request }) => {
  for (const { path, title, content } of PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe(title);
    expect(html.match(/<title>/g), `${path}: one title`).toHaveLength(1);
    expect(metaContent(html, 'property', 'og:title'), path).toBe(title);
    expect(metaContent(html, 'property', 'og:url'), path).toBe(path);
    expect(metaContent(html, 'property', 'og:type'), path).toBe('website');
    const description = metaContent(html, 'name', 'description');
    expect(description, path).toBeTruthy();
    expect(metaContent(html, 'property', 'og:description'), path).toBe(description);
    expect(html.match(/<meta name="description"/g), `${path}: one description`).toHaveLength(1);
    // The content itself, not an empty <div id="root"> waiting for the script.
    expect(html, path).toContain(content);
  }
});

test('with JavaScript off, the landing page and the sign-in form are there to read and follow', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle(PAGES[0]!.title);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('One case management platform');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await expect(page).toHaveTitle('Sign In | CaseBridge');
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  // The form waits for the script: nothing typed is lost, and nothing (a password) is sent in a URL.
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  await context.close();
});

test('the prerendered sign-in page hydrates without a mismatch, and signs in', async ({ page }) => {
  const errors = scriptErrors(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Administrator Dashboard' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the prerendered landing page hydrates without a mismatch: its buttons work', async ({ page }) => {
  const errors = scriptErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Try Demo Access' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a demo platform' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('with a session, / is the signed-in app, not the landing page', async ({ page, baseURL }) => {
  const signIn = await page.request.post('/api/auth/login', { data: admin, headers: { origin: baseURL! } });
  expect((await signIn.json()).success).toBe(true);
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('data-prerendered');
  expect(html).not.toContain('One case management platform');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Administrator Dashboard' })).toBeVisible();
});

test('a demo identity still opens the demo at /, over the prerendered landing page', async ({ page }) => {
  await page.goto('/select-user');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Login as Attending Physician', exact: true }).click()]);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Doctor Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /One case management platform/ })).toBeHidden();
});
