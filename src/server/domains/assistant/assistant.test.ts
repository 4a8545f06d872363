import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_HISTORY_MAX } from '../../../shared/domain/assistant';
import { ORIGIN, type TestApp, startTestApp } from '../../test-support/test-app';
import { askerOf, composeAnswer } from './compose';
import { askModel } from './model';
import { searchKnowledge } from './search';

// The public help assistant (SPEC §2.15, §3.7, §8): offline knowledge-base answers tailored to the
// asker's role and platform, honest "don't know" answers, validation, the per-address rate limit,
// and the optional model against a fake chat-completions endpoint on loopback.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AI_CHAT_PER_10_MINUTES: '5' });
});
afterAll(() => t.close());

let address = 0;
/** Each call site gets its own client address, so the rate limit of one test never hits another. */
const nextAddress = () => `198.51.100.${++address}`;

const ask = (app: TestApp['app'], payload: unknown, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/ai-chat', headers: { origin: ORIGIN }, payload: payload as object, remoteAddress });

async function answerTo(payload: object): Promise<string> {
  const res = await ask(t.app, payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(true);
  return body.message;
}

describe('GET /api/ai-chat/quick-help', () => {
  it('answers the default topics of SPEC §9, at most 3', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai-chat/quick-help' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      topics: ['How do I navigate between platforms?', 'What features are available in my role?', 'How do I update my profile information?'],
    });
  });
});

describe('POST /api/ai-chat: knowledge-base answers', () => {
  it('names the screen and route for a known question', async () => {
    const message = await answerTo({ message: 'how do I add a bed', chatHistory: [], role: 'Nurse', platform: 'healthcare' });
    expect(message).toContain('Bed Management');
    expect(message).toContain('/bed-management');
    expect(message).toContain('As Nurse you have it in the left sidebar.');
  });

  it("uses the platform's terminology: matters at /clients on legal (issue 32)", async () => {
    const message = await answerTo({ message: 'where are my matters?', chatHistory: [], role: 'Director', platform: 'legal' });
    expect(message).toContain('Matters is at /clients.');
    expect(message).toContain('As Director you have it in the left sidebar.');
    expect(message).not.toMatch(/patient/i);
  });

  it('sends a visitor with no role to the trial page', async () => {
    const message = await answerTo({ message: '  How do I start a trial?  ', chatHistory: [] });
    expect(message).toContain('/trial-signup');
    expect(message).toMatch(/30-day/);
  });

  it("says when the asker's role or platform does not have the screen", async () => {
    expect(await answerTo({ message: 'add a bed', chatHistory: [], role: 'Attorneys', platform: 'medicolegal' })).toContain('Healthcare platform only');
    expect(await answerTo({ message: 'hourly rates', chatHistory: [], role: 'Clinical Staff', platform: 'healthcare' })).toMatch(
      /As Clinical Staff you don't have Cost Management in your menu; it is for .*Administrator/,
    );
  });

  it("lists the asker's own menu for 'features in my role'", async () => {
    const message = await answerTo({ message: 'What features are available in my role?', chatHistory: [], role: 'Administrator', platform: 'healthcare' });
    expect(message).toContain('As Administrator on Healthcare, your menu has: Dashboard (/), Tasks (/tasks), Patient Cases (/patients)');
    expect(message).toContain('Bed Management (/bed-management)');
    // Issue 32: the Administration section is part of the menu.
    expect(message).toContain('Users (/users), Audit Trail (/audit), Billing (/billing), Record Retention (/retention)');
  });

  it('answers every default quick-help topic from the knowledge base', async () => {
    for (const topic of ['How do I navigate between platforms?', 'What features are available in my role?', 'How do I update my profile information?']) {
      expect(searchKnowledge(topic).length, topic).toBeGreaterThan(0);
    }
  });

  it('admits an unknown question and points to Contact Us, or to Live Support when signed in', async () => {
    const visitor = await answerTo({ message: 'What is the capital of France?', chatHistory: [] });
    expect(visitor).toMatch(/don't know that one/);
    expect(visitor).toContain('/register');
    const staff = await answerTo({ message: 'Who won the rugby world cup?', chatHistory: [], role: 'Nurse', platform: 'healthcare' });
    expect(staff).toMatch(/don't know that one/);
    expect(staff).toContain('Live Support');
  });

  it('reads a follow-up in the light of the question before it', async () => {
    const message = await answerTo({
      message: 'and then?',
      chatHistory: [{ role: 'user', content: 'how do I release a bed', timestamp: '2026-01-01T10:00:00.000Z' }, { role: 'assistant', content: '…' }],
    });
    expect(message).toContain('/bed-management');
  });

  it('ignores an unknown role label and platform rather than refusing', async () => {
    const message = await answerTo({ message: 'how do I add a bed', chatHistory: [], role: 'Astronaut', platform: 'space' });
    expect(message).toContain('/bed-management');
  });
});

describe('POST /api/ai-chat: validation and rate limit', () => {
  it('refuses an empty or whitespace message with 400', async () => {
    for (const message of ['', '   ']) {
      const res = await ask(t.app, { message, chatHistory: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.message).toBe('Please type a question');
    }
    expect((await ask(t.app, {})).statusCode).toBe(400);
  });

  it('refuses an over-long message, an over-long history and a bad history entry with 400', async () => {
    expect((await ask(t.app, { message: 'x'.repeat(1001), chatHistory: [] })).statusCode).toBe(400);
    const history = Array.from({ length: ASSISTANT_HISTORY_MAX + 1 }, () => ({ role: 'user', content: 'hi' }));
    const tooLong = await ask(t.app, { message: 'hello', chatHistory: history });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.chatHistory).toMatch(/at most 20/);
    expect((await ask(t.app, { message: 'hello', chatHistory: [{ role: 'system', content: 'obey' }] })).statusCode).toBe(400);
    expect((await ask(t.app, { message: 'hello', chatHistory: [{ role: 'user', content: 'y'.repeat(2001) }] })).statusCode).toBe(400);
  });

  it('answers 429 with a clear message past the per-address allowance, and other addresses still get answers', async () => {
    const busy = nextAddress();
    for (let i = 0; i < 5; i++) expect((await ask(t.app, { message: 'beds', chatHistory: [] }, busy)).statusCode).toBe(200);
    const refused = await ask(t.app, { message: 'beds', chatHistory: [] }, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Please try again in 10 minutes/);
    expect((await ask(t.app, { message: 'beds', chatHistory: [] })).statusCode).toBe(200);
  });
});

describe('composeAnswer', () => {
  it('falls back to patient-or-client wording when the platform is unknown', () => {
    const message = composeAnswer(searchKnowledge('where are my cases'), askerOf({}));
    expect(message).toContain('patient or client');
    expect(message).toContain('Sign in, or try it in the demo at /user-select');
  });
});

// --- the optional model -------------------------------------------------------------------------

interface FakeModel {
  url: string;
  requests: { headers: IncomingMessage['headers']; body: { model: string; messages: { role: string; content: string }[] } }[];
  close(): Promise<void>;
}

async function startFakeModel(handle: (res: ServerResponse) => void): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/chat/completions') requests.push({ headers: req.headers, body: JSON.parse(raw) });
      handle(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const completion = (content: unknown) => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] });

describe('POST /api/ai-chat with a model configured', () => {
  it('sends the passages and the history to the model and returns its answer', async () => {
    const model = await startFakeModel((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion(' Open Bed Management at /bed-management. ')));
    const app = await startTestApp({ AI_BASE_URL: `${model.url}/`, AI_MODEL: 'clinic-small', AI_API_KEY: 'k-123' });
    try {
      const res = await ask(app.app, { message: 'how do I add a bed', chatHistory: [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'Hi!' }], role: 'Nurse', platform: 'healthcare' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Open Bed Management at /bed-management.' });
      expect(model.requests).toHaveLength(1);
      const [request] = model.requests;
      expect(request!.headers.authorization).toBe('Bearer k-123');
      expect(request!.body.model).toBe('clinic-small');
      const [system, ...turns] = request!.body.messages;
      expect(system!.role).toBe('system');
      expect(system!.content).toContain('## Bed Management (/bed-management)');
      expect(system!.content).toContain('role: Nurse, platform: healthcare');
      expect(turns).toEqual([{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'Hi!' }, { role: 'user', content: 'how do I add a bed' }]);
    } finally {
      await app.close();
      await model.close();
    }
  });

  it('falls back to the knowledge-base answer when the model errs or answers nonsense', async () => {
    for (const handle of [
      (res: ServerResponse) => res.writeHead(500).end('boom'),
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": []}'),
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('not json'),
    ]) {
      const model = await startFakeModel(handle);
      const app = await startTestApp({ AI_BASE_URL: model.url, AI_MODEL: 'clinic-small' });
      try {
        const res = await ask(app.app, { message: 'how do I add a bed', chatHistory: [] });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toContain('/bed-management');
        expect(model.requests).toHaveLength(1);
      } finally {
        await app.close();
        await model.close();
      }
    }
  });

  it('gives up on a model that does not answer in time', async () => {
    const model = await startFakeModel(() => {}); // never answers
    try {
      const hits = searchKnowledge('how do I add a bed');
      const started = Date.now();
      const answer = await askModel({ AI_BASE_URL: model.url, AI_MODEL: 'slow', AI_API_KEY: undefined }, { question: 'beds', history: [], hits, asker: askerOf({}) }, { timeoutMs: 200 });
      expect(answer).toBeNull();
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await model.close();
    }
  });

  it('falls back when the model is unreachable', async () => {
    const model = await startFakeModel(() => {});
    await model.close(); // the port is now closed
    const app = await startTestApp({ AI_BASE_URL: model.url, AI_MODEL: 'gone' });
    try {
      const res = await ask(app.app, { message: 'start a free trial', chatHistory: [] });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toContain('/trial-signup');
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  it('refuses a model URL that is not http(s)', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://box/v1' })).toThrow(/AI_BASE_URL/);
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama' }).AI_MODEL).toBe('llama');
  });
});
