import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

// A real production server in a child process, for the resilience tests (npm run test:resilience)
// that need what app.inject cannot give: a process to kill, several processes, sustained load.

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  url: string;
  port: number;
  /** The PID of the node process that holds the database (not a wrapper). */
  child: ChildProcess;
  /** SIGTERM (a clean shutdown) and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `src/server/main.ts` with NODE_ENV=production on a free port (or `port`), and resolves once
 * /healthz answers 200. node runs the server itself with tsx as a loader, so killing `child` kills the
 * process that has the database open.
 */
export async function startChildServer(
  env: Record<string, string>,
  port?: number,
  options: { nodeArgs?: string[]; onStdout?: (text: string) => void } = {},
): Promise<ChildServer> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      TEST_DIALECT: '',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      CLIENT_DIST: '/nonexistent',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  if (options.onStdout) child.stdout!.on('data', (chunk: Buffer) => options.onStdout!(chunk.toString()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) {
      return {
        url,
        port: chosen,
        child,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz within 60 s: ${stderr}`);
}

/** Signs in through the REST path and returns the `cb_session=…` cookie pair. */
export async function signInOver(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
