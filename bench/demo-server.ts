import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The production server (dist/server/main.js, `npm run build:server`; another build with
// BENCH_SERVER=path/to/main.js) on a fresh SQLite demo database, for the benches that drive it over
// HTTP: started, waited for, signed in to as a seeded member, and stopped with its data removed.

export interface DemoServer {
  origin: string;
  /** The headers of a signed-in member: session cookie and origin (CSRF). */
  signIn(email: string): Promise<{ cookie: string; origin: string }>;
  stop(): Promise<void>;
}

export async function startDemoServer(port: number, password: string): Promise<DemoServer> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const server = spawn(process.execPath, [process.env.BENCH_SERVER ?? 'dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn', DEMO_PASSWORD: password, CLIENT_DIST: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)) break;
      if (i >= 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    async signIn(email) {
      const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email, password }) });
      const cookie = login.headers.get('set-cookie')?.split(';')[0];
      if (!cookie) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      return { cookie, origin };
    },
    stop,
  };
}
