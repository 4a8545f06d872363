import { DEMO_OVERLAY_PREFIX } from '../lib/demo-identity';
import type { DemoIdentity } from '../lib/demo-identity';

// The demo's write overlay. Writes in demo mode never leave the browser (SPEC §7.1), but a visitor
// who adds a case expects to see it in the list, so each write is kept here and laid over the
// fixtures by the list and get procedures. It lives in sessionStorage: it survives the reload a role
// change does, dies with the tab, and is wiped as soon as a different demo identity (another role,
// platform or person, or none at all in between) reads it, so leaving the demo leaves nothing behind.

export const OVERLAY_PREFIX = DEMO_OVERLAY_PREFIX;
const OWNER_KEY = `${OVERLAY_PREFIX}owner`;
const ANCHOR_KEY = `${OVERLAY_PREFIX}anchor`;

export type OverlayCollection =
  | 'cases' | 'appointments' | 'messages' | 'resources' | 'crm' | 'beds' | 'bedAssignments'
  | 'checklists' | 'checklistTemplates' // issue 20: compliance checklists
  | 'organizations' | 'rates' | 'timeEntries' | 'supportChats' | 'chatMessages'
  | 'portalMessages' | 'patientProfile' | 'supportBell'
  | 'calendarFeeds' // issue 21: the private .ics address (a sample one)
  | 'trialRequests' | 'outbox' | 'invitations' | 'contactRequests'
  | 'settlementEvents' // issue 20: the settlement log
  | 'caseTeams' | 'caseNotes' | 'caseTasks' | 'caseEvents' | 'breakGlass'
  | 'people' | 'caseParties' | 'conflictChecks' | 'personReads'
  | 'caseExperts' // issue 20: expert witnesses
  | 'courtMatters' | 'hearings' // issue 20: court matter and hearings
  | 'caseResults' | 'caseMedications' // issue 22: results and medications
  | 'hospitalRecords' // issue 22: hospital records added in the session (written by the tab: hospital-records-demo.ts)
  | 'admissions' // issue 22: admit, transfer, discharge
  | 'encounters' // issue 22: encounters recorded in the session
  | 'allergies' | 'noKnownAllergies' // issue 31: allergies on the person, "no known allergies" as recorded
  | 'administrations' | 'observations' // issue 31: doses given, observations
  | 'intakeConflictChecks' // issue 32: conflict checks run at intake
  | 'deadlineOutcomes' // issue 32: deadlines marked met / not applicable
  | 'caseTypes' // issue 32: the visitor's own case types
  | 'charges' // issue 33: charges recorded, voided or corrected in the session
  | 'practiceSettings' | 'practitionerNumbers' | 'cover' // issue 33: the practice's identity, a person's cover
  | 'accounts' | 'claims' | 'remittances' // issue 33: accounts (with their lines and payments), claim batches, remittances
  | 'feeSettings' | 'disbursements' | 'feeNotes' // issue 34: the firm's billing details, disbursements, fee notes (with lines, receipts, credit note)
  | 'trustEntries' | 'trustInvestments' | 'trustReconciliations' // issue 34: the trust ledger, its investments, the monthly reconciliation
  | 'contingencyAgreements' // issue 34: contingency-fee agreements, one row per version
  | 'feeTargets'; // issue 34: fee earners' monthly targets (a null target: removed)

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  keys(): string[];
}

/** Node (the tests) and browsers with storage switched off keep the overlay in memory instead. */
function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

function sessionStore(): KeyValueStore | null {
  try {
    const storage = typeof window === 'undefined' ? undefined : window.sessionStorage;
    if (!storage) return null;
    return {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => storage.setItem(key, value),
      removeItem: (key) => storage.removeItem(key),
      keys: () => Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null),
    };
  } catch {
    return null;
  }
}

let store: KeyValueStore = sessionStore() ?? memoryStore();

function write(key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch (error) {
    // Storage full or refused: keep the session working from memory (SPEC §8: demo helper errors
    // are only logged as a warning).
    console.warn('Demo overlay: session storage unavailable, keeping demo writes in memory', error);
    const memory = memoryStore();
    for (const k of store.keys()) if (k.startsWith(OVERLAY_PREFIX)) memory.setItem(k, store.getItem(k) ?? '');
    memory.setItem(key, value);
    store = memory;
  }
}

/** Removes every overlay key. */
export function clearDemoOverlay(): void {
  for (const key of store.keys()) if (key.startsWith(OVERLAY_PREFIX)) store.removeItem(key);
}

const fingerprint = (identity: DemoIdentity) =>
  JSON.stringify([identity.userId, identity.role, identity.name, identity.isSuperAdmin, identity.platform]);

export interface Overlay {
  /**
   * The instant the demo data is drawn around. It is fixed for the overlay's life so that fixture
   * times do not move between polls (the support thread asks for messages `after` the last one).
   */
  readonly anchor: Date;
  rows<T extends { id: string }>(collection: OverlayCollection): T[];
  put<T extends { id: string }>(collection: OverlayCollection, row: T): T;
  /** Ids of the rows written in this session. */
  touched(collection: OverlayCollection): Set<string>;
  /** The fixture rows with this session's writes laid over them (changed rows replaced, new rows added). */
  merge<T extends { id: string }>(collection: OverlayCollection, base: readonly T[]): T[];
}

/** Opens the overlay of this identity, first wiping one written for any other identity. */
export function openOverlay(identity: DemoIdentity, now: Date = new Date()): Overlay {
  const owner = fingerprint(identity);
  if (store.getItem(OWNER_KEY) !== owner) {
    clearDemoOverlay();
    write(OWNER_KEY, owner);
  }
  let anchorText = store.getItem(ANCHOR_KEY);
  if (!anchorText || Number.isNaN(Date.parse(anchorText))) {
    anchorText = now.toISOString();
    write(ANCHOR_KEY, anchorText);
  }
  const anchor = new Date(anchorText);

  const rows = <T extends { id: string }>(collection: OverlayCollection): T[] => {
    const text = store.getItem(OVERLAY_PREFIX + collection);
    if (!text) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  };

  return {
    anchor,
    rows,
    put(collection, row) {
      const current = rows<typeof row>(collection);
      const at = current.findIndex((r) => r.id === row.id);
      if (at >= 0) current[at] = row;
      else current.push(row);
      write(OVERLAY_PREFIX + collection, JSON.stringify(current));
      return row;
    },
    touched: (collection) => new Set(rows(collection).map((r) => r.id)),
    merge(collection, base) {
      const written = rows<(typeof base)[number]>(collection);
      const byId = new Map(written.map((r) => [r.id, r]));
      const baseIds = new Set(base.map((r) => r.id));
      return [...base.map((r) => byId.get(r.id) ?? r), ...written.filter((r) => !baseIds.has(r.id))];
    },
  };
}

let lastId = 0;

/** SPEC §7.1: a demo write answers with an id drawn from the current time (unique within the tab). */
export function timeId(now: number = Date.now()): string {
  lastId = Math.max(now, lastId + 1);
  return String(lastId);
}
