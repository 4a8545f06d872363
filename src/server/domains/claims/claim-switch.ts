import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type TClaimBatch, type TSwitchResponse, ZSwitchResponse } from '../../../shared/domain/account-wire';
import type { Config } from '../../config';

// The switch is a pluggable transport (issue 33, decision 0061). With CLAIM_SWITCH_URL set, the batch
// is POSTed as JSON and the switch answers at once with its reference and, per line, accepted or
// rejected with the reason (how Healthbridge, MediKredit and MediSwitch answer real-time claims).
// Unset, the batch is written to DATA_DIR/claims-outbox/ for the practice's switch software to pick
// up; the schemes' answers then come back with the remittance. Either way nothing here touches the
// database: the claims service records what came back.

export type TDelivery =
  | { transport: 'file'; delivered: true; path: string }
  | { transport: 'http'; delivered: true; response: TSwitchResponse }
  | { transport: 'file' | 'http'; delivered: false; failure: string };

const SWITCH_TIMEOUT_MS = 15_000;

export function claimTransportOf(config: Config): 'file' | 'http' {
  return config.CLAIM_SWITCH_URL ? 'http' : 'file';
}

export async function deliverClaim(config: Config, batch: TClaimBatch): Promise<TDelivery> {
  return config.CLAIM_SWITCH_URL ? postToSwitch(config.CLAIM_SWITCH_URL, batch) : dropInOutbox(config.DATA_DIR, batch);
}

async function dropInOutbox(dataDir: string, batch: TClaimBatch): Promise<TDelivery> {
  const dir = join(dataDir, 'claims-outbox');
  const path = join(dir, `claim-${String(batch.claimNumber).padStart(6, '0')}.json`);
  try {
    await mkdir(dir, { recursive: true });
    // 'wx': a claim number is never reused, so an existing file is a fault, not something to overwrite.
    await writeFile(path, `${JSON.stringify(batch, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return { transport: 'file', delivered: true, path };
  } catch (error) {
    return { transport: 'file', delivered: false, failure: `The batch could not be written to ${dir}: ${(error as Error).message}` };
  }
}

async function postToSwitch(url: string, batch: TClaimBatch): Promise<TDelivery> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch), signal: AbortSignal.timeout(SWITCH_TIMEOUT_MS) });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${SWITCH_TIMEOUT_MS / 1000} s` : (error as Error).message;
    return { transport: 'http', delivered: false, failure: `The switch could not be reached: ${reason}` };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) return { transport: 'http', delivered: false, failure: `The switch refused the batch (HTTP ${res.status}): ${text.slice(0, 300)}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { transport: 'http', delivered: false, failure: 'The switch answered with something that is not JSON' };
  }
  const parsed = ZSwitchResponse.safeParse(body);
  if (!parsed.success) return { transport: 'http', delivered: false, failure: `The switch's answer is not in the expected shape: ${parsed.error.issues[0]?.message ?? ''}` };
  return { transport: 'http', delivered: true, response: parsed.data };
}
