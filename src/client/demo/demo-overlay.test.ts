import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../server/router';
import { dayKey } from '../../shared/calendar';
import type { TBed } from '../../shared/domain/beds';
import type { TCase } from '../../shared/domain/cases';
import type { TChatMessage, TSupportChat } from '../../shared/domain/support';
import type { TPlatform } from '../../shared/platform';
import type { DemoIdentity } from '../lib/demo-identity';
import { answer } from './answer';
import { createDemoLink } from './demo-link';
import { useFixedDemoClock } from './fixed-demo-clock';
import { clearDemoOverlay } from './overlay';

// Demo writes (SPEC §7.1: they succeed with a time-based id) and, beyond the original, show up in
// the session's lists until the demo identity changes; and the tRPC link that serves it all.

const id = (userId: string, role: string, name: string, platform: TPlatform, isSuperAdmin = false): DemoIdentity => ({
  userId, role, name, isSuperAdmin, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const ADMIN = id('hospital_administrator', 'Administrator', 'Johan Botha', 'healthcare');
const DOCTOR = id('attending_physician', 'Doctor', 'Dr Pieter van der Merwe', 'healthcare');
const CLINICAL = id('pharmacist', 'Clinical Staff', 'Lerato Nkosi', 'healthcare');
const SUPER = id('superadmin1', 'Super Admin', 'Lindiwe Mahlaba', 'healthcare', true);
const DIRECTOR = id('managing_partner', 'Director', 'Grace Naidoo', 'legal');

const call = <T>(path: string, input: unknown, who: DemoIdentity = ADMIN) => answer(path, input, who) as T;
const cases = (who: DemoIdentity = ADMIN) => call<{ items: TCase[]; total: number }>('cases.list', { pageSize: 200 }, who);

useFixedDemoClock();

/** Runs the test at `at`, with the demo's fixtures drawn around it. */
function atClock(at: Date): void {
  vi.setSystemTime(at);
  clearDemoOverlay(); // the overlay's anchor is taken at the next read, from the clock above
}


describe('demo writes', () => {
  it('answers a write with an id drawn from the current time, and the new case leads the list', () => {
    const before = cases().total;
    const start = Date.now();
    const created = call<TCase>('cases.create', { patientName: 'Naledi Mokoena', caseType: 'Consultation' });
    expect(Number(created.id)).toBeGreaterThanOrEqual(start);
    expect(Number(created.id)).toBeLessThanOrEqual(Date.now() + 5);
    expect(created).toMatchObject({ status: 'Scheduled', priority: 'Medium' });
    const after = cases();
    expect(after.total).toBe(before + 1);
    expect(after.items[0]?.id).toBe(created.id);
    expect(call('cases.get', { id: created.id })).toEqual(created);
  });

  it('reflects a status change, and keeps a case the visitor touched even when their rule would hide it', () => {
    const target = cases(CLINICAL).items.find((c) => c.status === 'In Progress' && c.priority !== 'High');
    expect(target).toBeDefined();
    const changed = call<TCase>('cases.update', { id: target?.id, status: 'Completed' }, CLINICAL);
    expect(changed).toMatchObject({ status: 'Completed', progressPercentage: 100 });
    expect(changed.completedAt).not.toBeNull();
    expect(cases(CLINICAL).items.find((c) => c.id === target?.id)?.status).toBe('Completed');
  });

  it('adds a sent message to the inbox and lowers the unread count on mark-read', () => {
    const unread = call<{ count: number }>('messages.unreadCount', undefined).count;
    expect(unread).toBe(3);
    const sent = call<{ id: string }>('messages.send', { subject: 'Theatre list', content: 'Updated for Friday' });
    expect(call<Array<{ id: string }>>('messages.list', {})[0]?.id).toBe(sent.id);
    expect(call<unknown[]>('messages.list', { search: 'THEATRE LIST' })).toHaveLength(1);
    expect(call<{ count: number }>('messages.unreadCount', undefined).count).toBe(unread);
    call('messages.markRead', { id: 'hc-msg-01' });
    expect(call<{ count: number }>('messages.unreadCount', undefined).count).toBe(unread - 1);
  });

  it('shows a new bed, an assignment and a release on the bed board and in the history', () => {
    const bed = call<TBed>('beds.create', { bedNumber: 'B-01', ward: 'Ward B – Surgical' });
    expect(call<TBed[]>('beds.list', { ward: 'Ward B – Surgical' }).map((b) => b.id)).toEqual([bed.id]);
    expect(() => call('beds.create', { bedNumber: 'b-01', ward: 'ICU' })).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    call('beds.assign', { id: bed.id, patientId: 'TCH-200001' });
    expect(call<TBed[]>('beds.list', undefined).find((b) => b.id === bed.id)).toMatchObject({ status: 'Occupied', patientId: 'TCH-200001' });
    expect(() => call('beds.assign', { id: bed.id, patientId: 'TCH-9' })).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    call('beds.release', { id: bed.id });
    expect(call<TBed[]>('beds.list', undefined).find((b) => b.id === bed.id)).toMatchObject({ status: 'Available', patientId: null });
    expect(call<Array<{ releasedAt: string | null }>>('beds.history', { id: bed.id })).toEqual([
      expect.objectContaining({ patientId: 'TCH-200001', releasedAt: expect.any(String) }),
    ]);
  });

  // SPEC §2.10 / §9: upcoming = from now on, not finished, soonest first. One minute from now is
  // sooner than any fixture at these clock times (the fixtures start on the hour or half hour),
  // among them the ones where a fixture appointment within 30 minutes beat it before (10:45, 15:10).
  it.each(['00:10', '10:45', '12:59', '15:10', '21:59', '23:59'])('lists a new appointment, first in upcoming at %s SAST, and its status change', (time) => {
    atClock(new Date(`2026-03-18T${time}:00+02:00`));
    const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const appt = call<{ id: string }>('appointments.create', { title: 'Discharge meeting', startTime: soon(1), endTime: soon(31) });
    expect(call<Array<{ id: string }>>('appointments.list', undefined).some((a) => a.id === appt.id)).toBe(true);
    expect(call<Array<{ id: string }>>('appointments.upcoming', undefined)[0]?.id).toBe(appt.id);
    call('appointments.update', { id: appt.id, status: 'Cancelled' });
    expect(call<Array<{ id: string }>>('appointments.upcoming', undefined).some((a) => a.id === appt.id)).toBe(false);
  });

  it('keeps CRM status changes, new organisations and new rates', () => {
    const synced = call<{ status: string; lastSync: string }>('crm.update', { id: 'hc-crm-4', status: 'connected' });
    expect(Date.parse(synced.lastSync)).toBeGreaterThan(Date.now() - 5_000);
    expect(call<Array<{ id: string; status: string }>>('crm.list', undefined).find((i) => i.id === 'hc-crm-4')?.status).toBe('connected');

    const org = call<{ id: string; slug: string }>('organizations.create', { name: 'Polokwane Care & Wellness' }, SUPER);
    expect(org.slug).toBe('polokwane-care-and-wellness');
    expect(call<Array<{ id: string }>>('organizations.list', undefined, SUPER).some((o) => o.id === org.id)).toBe(true);

    call('costs.addRate', { userId: 'registered_nurse', hourlyRate: 345.5, effectiveDate: dayKey() });
    const rate = call<Array<{ userId: string; hourlyRateCents: number }>>('costs.listRates', undefined).find((r) => r.userId === 'registered_nurse');
    expect(rate?.hourlyRateCents).toBe(34_550);
  });

  it('opens a support chat with its first message, and a later poll gets only what is new', () => {
    const chat = call<TSupportChat>('support.createChat', { title: 'Printer offline', category: 'Technical' }, DOCTOR);
    expect(call<TSupportChat[]>('support.listChats', {}, DOCTOR)[0]).toMatchObject({ id: chat.id, status: 'Open' });
    const thread = call<TChatMessage[]>('support.listMessages', { chatId: chat.id }, DOCTOR);
    expect(thread.map((m) => m.message)).toEqual(['Support request: Printer offline']);
    const last = thread.at(-1)?.createdAt;
    expect(call<unknown[]>('support.listMessages', { chatId: chat.id, after: last }, DOCTOR)).toEqual([]);
    vi.setSystemTime(Date.now() + 60_000); // the reply comes a minute later
    call('support.sendMessage', { chatId: chat.id, message: 'It is the one on Ward A' }, DOCTOR);
    expect(call<TChatMessage[]>('support.listMessages', { chatId: chat.id, after: last }, DOCTOR).map((m) => m.message)).toEqual(['It is the one on Ward A']);
    // Only the visitor's own chats, unless they are a Super Admin.
    expect(call<TSupportChat[]>('support.listChats', {}, DOCTOR).every((c) => c.initiatorId === DOCTOR.userId)).toBe(true);
  });

  it('forgets every write once another demo identity reads, so leaving the demo leaves nothing behind', () => {
    const created = call<TCase>('cases.create', { patientName: 'Only Mine', caseType: 'Consultation', priority: 'High' });
    expect(cases(DIRECTOR).items.some((c) => c.id === created.id)).toBe(false);
    expect(cases(ADMIN).items.some((c) => c.id === created.id)).toBe(false);
  });
});

describe('the overlay store', () => {
  it('lives in sessionStorage under demo_overlay: keys and is wiped for another identity', async () => {
    const data = new Map<string, string>();
    const sessionStorage = {
      get length() { return data.size; },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    vi.stubGlobal('window', { sessionStorage });
    vi.resetModules();
    try {
      const overlay = await import('./overlay');
      overlay.openOverlay(ADMIN).put('cases', { id: '1' });
      expect(JSON.parse(data.get('demo_overlay:cases') ?? '[]')).toEqual([{ id: '1' }]);
      expect([...data.keys()].every((k) => k.startsWith('demo_overlay:'))).toBe(true);
      expect(overlay.openOverlay(ADMIN).rows('cases')).toHaveLength(1);
      expect(overlay.openOverlay(DOCTOR).rows('cases')).toEqual([]);
      expect(data.has('demo_overlay:cases')).toBe(false);
      overlay.clearDemoOverlay();
      expect(data.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

describe('the demo link', () => {
  const clientFor = (who: DemoIdentity) => createTRPCClient<AppRouter>({ links: [createDemoLink(who, { latencyMs: 0 })] });

  it('answers through a tRPC client without any network request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('network used in demo mode'));
    const client = clientFor(ADMIN);
    const me = await client.auth.me.query();
    expect(me).toMatchObject({ id: ADMIN.userId, role: 'Administrator', isSuperAdmin: false, organization: { platform: 'healthcare' } });
    expect(me.permissions).toContain('costs.manage');
    expect((await client.cases.list.query({ status: 'Completed' })).items.every((c) => c.status === 'Completed')).toBe(true);
    const created = await client.cases.create.mutate({ patientName: 'Via link', caseType: 'Consultation' });
    expect((await client.cases.get.query({ id: created.id })).patientName).toBe('Via link');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fails with TRPCClientErrors shaped like the server’s', async () => {
    const legal = clientFor(DIRECTOR);
    const forbidden = await legal.beds.list.query().catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(TRPCClientError);
    expect((forbidden as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, path: 'beds.list' });
    const invalid = await legal.messages.send.mutate({ subject: '', content: 'x' }).catch((e: unknown) => e);
    expect((invalid as TRPCClientError<AppRouter>).data).toMatchObject({ code: 'BAD_REQUEST', fields: { subject: 'Subject is required' } });
    const missing = await legal.cases.get.query({ id: 'nope' }).catch((e: unknown) => e);
    expect((missing as TRPCClientError<AppRouter>).message).toBe('Case not found');
  });
});
