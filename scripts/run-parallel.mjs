import { spawn } from 'node:child_process';

// Runs npm scripts side by side and fails when any fails (issue 29: `npm test` under 10 minutes on
// 2 cores). The typecheck is one process on one core, and the server suite spends much of its time
// waiting on the databases, so the two overlap well; the production build (for the browser tests)
// joins them. Each script's output is printed whole when it ends, so the logs do not interleave.
//   node scripts/run-parallel.mjs typecheck test:server build

const scripts = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          process.stdout.write(`\n== npm run ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} after ${Math.round((Date.now() - started) / 1000)} s\n`);
          process.stdout.write(Buffer.concat(output));
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.some((code) => code !== 0) ? 1 : 0);
