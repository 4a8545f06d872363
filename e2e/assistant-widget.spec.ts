import { expect, test, type Page } from '@playwright/test';
import { shots } from './app-helpers';
import { expectAccessible } from './public-helpers';

// SPEC §2.15, §5, §8, §9: the AI assistant on the public pages, answered by the server's offline
// knowledge base (no model configured in e2e).

const panel = (page: Page) => page.getByRole('region', { name: 'AI Assistant' });
const log = (page: Page) => panel(page).getByRole('log', { name: 'Conversation' });

test('the assistant opens with a greeting, answers a quick topic and a typed question, minimizes and closes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  let chatBodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ai-chat') && request.method() === 'POST') chatBodies.push(request.postDataJSON());
  });
  const panelChunks: string[] = [];
  page.on('request', (request) => {
    if (/assistant-panel-.*\.js$/.test(request.url())) panelChunks.push(request.url());
  });

  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Open AI assistant chat' });
  await expect(launcher).toBeVisible();
  expect(panelChunks, 'the chat code loads only on click').toEqual([]);

  await launcher.click();
  await expect(panel(page)).toBeVisible();
  const box = await panel(page).boundingBox();
  expect(Math.round(box!.width)).toBe(384);
  expect(Math.round(box!.height)).toBe(500);
  await expect(log(page)).toContainText("Hi! I'm the CaseBridge assistant");
  await expect(log(page).locator('time').first()).toHaveText(/^\d{2}:\d{2}$/);
  await expect(panel(page)).toContainText('AI responses are generated and may not always be accurate');
  const topics = panel(page).getByRole('button', { name: /\?$/ });
  await expect(topics).toHaveCount(3);
  if (shots) await page.screenshot({ path: `${shots}/assistant-open-desktop.png` });
  await expectAccessible(page);

  // A quick topic is sent (after 100 ms) and answered; topics go once the chat has more than 1 message.
  await panel(page).getByRole('button', { name: 'How do I navigate between platforms?' }).click();
  await expect(log(page).locator('[data-role="user"]')).toHaveText(/How do I navigate between platforms\?/);
  await expect(log(page).locator('[data-role="assistant"]').nth(1)).toContainText('/user-select');
  await expect(topics).toHaveCount(0);

  // Typed question: Shift+Enter is a newline, Enter sends the trimmed text; input disabled while pending.
  const input = panel(page).getByLabel('Ask a question');
  await input.fill('   ');
  await input.press('Enter');
  await expect(log(page).locator('[data-role="user"]')).toHaveCount(1);
  await input.fill('  how do I start a free');
  await input.press('Shift+Enter');
  await input.pressSequentially('trial?  ');
  await expect(input).toHaveValue('  how do I start a free\ntrial?  ');
  // The answer is held until the pending state has been seen, however long that takes here.
  let release = () => {};
  const held = new Promise<void>((done) => { release = done; });
  await page.route('**/api/ai-chat', async (route) => {
    await held;
    await route.continue();
  });
  await input.press('Enter');
  await expect(panel(page).getByRole('status', { name: 'Assistant is typing' })).toBeVisible();
  await expect(input).toBeDisabled();
  await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
  release();
  await expect(log(page).locator('[data-role="assistant"]').nth(2)).toContainText('/trial-signup');
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue('');
  const lastBody = chatBodies.at(-1) as { message: string; chatHistory: { role: string }[] };
  expect(lastBody.message).toBe('how do I start a free\ntrial?');
  expect(lastBody.chatHistory.map((h) => h.role)).toEqual(['assistant', 'user', 'assistant']);
  await page.unroute('**/api/ai-chat');
  if (shots) await page.screenshot({ path: `${shots}/assistant-answer-desktop.png` });

  // Minimized: header only; restored: the conversation is still there; closed: the round button again.
  await panel(page).getByRole('button', { name: 'Minimize chat' }).click();
  await expect(panel(page).getByRole('log')).toHaveCount(0);
  expect((await panel(page).boundingBox())!.height).toBeLessThan(80);
  await panel(page).getByRole('button', { name: 'Restore chat' }).click();
  await expect(log(page).locator('[data-role="assistant"]')).toHaveCount(3);
  await panel(page).getByRole('button', { name: 'Close chat' }).click();
  await expect(panel(page)).toHaveCount(0);
  await launcher.click();
  await expect(log(page).locator('[data-role="assistant"]')).toHaveCount(3); // no second greeting
  chatBodies = [];
});

test('on a phone the chat is full width, and an unreachable server gets the §8 message', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trial-signup');
  await page.getByRole('button', { name: 'Open AI assistant chat' }).click();
  const box = await panel(page).boundingBox();
  expect(box!.width).toBeGreaterThan(370);
  await page.route('**/api/ai-chat', (route) => route.abort('connectionrefused'));
  const input = panel(page).getByLabel('Ask a question');
  await input.fill('where do I add a bed?');
  await input.press('Enter');
  await expect(log(page).locator('[data-role="assistant"]').nth(1)).toContainText(
    "I apologize, but I'm having trouble connecting right now. Please try again in a moment.",
  );
  if (shots) await page.screenshot({ path: `${shots}/assistant-mobile.png` });
  await expectAccessible(page);
});
