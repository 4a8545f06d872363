import type { AuditEventInput } from './audit-event';

// Repeated failures folded into one entry per address per minute (decision 0024). The trail is
// append-only and permanent, so anyone who can send requests could otherwise add rows without limit
// (200 unauthenticated requests were 200 entries). Folding must happen BEFORE the append: this is an
// in-memory window per process and per kind of failure:
// - the first failure of a kind from an address is written at once, as it is (the trail shows the
//   attempt, with its exact time and details, while it happens);
// - the repeats within the next minute are only counted; when the minute ends (or at shutdown) one
//   entry says how many (`details.count`), from when to when (`firstAt`, `lastAt`).
// So a sustained flood costs at most two entries per address, kind and minute, and no failure goes
// uncounted unless the process dies without shutting down (then at most one minute of repeats).

/**
 * Entries worth folding: refusals of a caller who is not signed in, throttled ones of anybody, and
 * reads a screen repeats on a timer (`fold`, e.g. the support chat list every 5 s).
 */
export function isFoldable(event: AuditEventInput): boolean {
  if (event.fold) return true;
  if (event.outcome === 'success') return false;
  const details = event.details ?? {};
  return !event.actor?.userId || details.error === 'TOO_MANY_REQUESTS' || details.reason === 'locked';
}

/** Kinds: the same address, who (when known), action, entity, outcome, procedure or route, and error. */
function kindOf(event: AuditEventInput): string {
  const d = event.details ?? {};
  return JSON.stringify([
    event.client.ip,
    event.actor?.userId ?? null,
    event.action,
    event.entityType,
    event.outcome,
    d.procedure ?? d.route ?? null,
    d.error ?? null,
    d.reason ?? null,
    // A polled read is of one record; a failure's kind is not (an id-guessing run folds into one).
    event.fold ? (event.entityId ?? null) : null,
  ]);
}

/** What a folded entry keeps of the first failure's details: what kind it was, not one request's particulars. */
const KIND_DETAILS = ['procedure', 'route', 'error', 'reason'] as const;

interface Window {
  first: AuditEventInput;
  openedAt: number;
  repeats: number;
  firstRepeatAt: number;
  lastRepeatAt: number;
}

export interface AggregatorOptions {
  windowMs?: number;
  now?: () => number;
}

export class FailureAggregator {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | null = null;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(
    private readonly write: (event: AuditEventInput) => Promise<void>,
    options: AggregatorOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Records one failure: written now when it opens a window, else counted. */
  async record(event: AuditEventInput): Promise<void> {
    const kind = kindOf(event);
    const now = this.now();
    const open = this.windows.get(kind);
    if (open && now - open.openedAt < this.windowMs) {
      if (open.repeats === 0) open.firstRepeatAt = now;
      open.repeats += 1;
      open.lastRepeatAt = now;
      return;
    }
    if (open) await this.close(kind, open);
    this.windows.set(kind, { first: event, openedAt: now, repeats: 0, firstRepeatAt: now, lastRepeatAt: now });
    this.startSweeping();
    await this.write(event);
  }

  /** Writes the count of every window whose minute has ended (all of them with `all`). */
  async flush(all = false): Promise<void> {
    const now = this.now();
    for (const [kind, window] of [...this.windows]) {
      if (all || now - window.openedAt >= this.windowMs) await this.close(kind, window);
    }
    if (this.windows.size === 0) this.stopSweeping();
  }

  /** Windows open now (for tests and the shutdown log). */
  get pending(): number {
    return this.windows.size;
  }

  private async close(kind: string, window: Window): Promise<void> {
    this.windows.delete(kind);
    if (window.repeats === 0) return;
    const { first } = window;
    const kept = Object.fromEntries(KIND_DETAILS.filter((k) => first.details?.[k] !== undefined).map((k) => [k, first.details?.[k]]));
    const summary: AuditEventInput = {
      ...first,
      entityId: first.fold ? first.entityId : null,
      caseId: first.fold ? first.caseId : null,
      details: { ...kept, count: window.repeats, firstAt: new Date(window.firstRepeatAt).toISOString(), lastAt: new Date(window.lastRepeatAt).toISOString() },
    };
    try {
      await this.write(summary);
    } catch (error) {
      // Not written (the database is down): keep counting, so the next flush writes these too.
      const current = this.windows.get(kind);
      if (current) {
        current.repeats += window.repeats;
        current.firstRepeatAt = Math.min(current.firstRepeatAt, window.firstRepeatAt);
      } else {
        this.windows.set(kind, window);
      }
      throw error;
    }
  }

  private startSweeping(): void {
    if (this.timer) return;
    // A quarter of the window: a folded entry is written at most 15 s after its minute ends.
    this.timer = setInterval(() => void this.flush().catch(() => {}), Math.max(1_000, this.windowMs / 4));
    this.timer.unref();
  }

  private stopSweeping(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
