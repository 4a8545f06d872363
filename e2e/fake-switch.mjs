import { createServer } from 'node:http';

// A stand-in for a medical-aid switch (issue 33) for the browser tests: the e2e servers send claim
// batches here (CLAIM_SWITCH_URL), and it answers as a real-time switch does — its reference and,
// per line, accepted. GET /healthz tells Playwright it is up. Port: FAKE_SWITCH_PORT.

const port = Number(process.env.FAKE_SWITCH_PORT ?? 3190);
let batches = 0;
createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/healthz') return void response.writeHead(200).end('ok');
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    try {
      const batch = JSON.parse(body);
      batches += 1;
      const lines = batch.accounts.flatMap((account) => account.lines).map((line) => ({ lineId: line.lineId, status: 'accepted' }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reference: `E2E-SW-${String(batches).padStart(5, '0')}`, lines }));
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('not a claim batch');
    }
  });
}).listen(port, '127.0.0.1');
