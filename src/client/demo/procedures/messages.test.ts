import { afterEach, describe, expect, it } from 'vitest';
import type { TMessage } from '../../../shared/domain/messages';
import type { TCaseTeam } from '../../../shared/domain/case-team';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { clearDemoOverlay } from '../overlay';

// Demo messages to people (issue 21): the same audiences, checks and threads as the server. The
// visitor is the one member the demo has: a message they send shows for them as sent.

const DOCTOR: DemoIdentity = { userId: 'attending_physician', role: 'Doctor', name: 'Dr Pieter van der Merwe', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient' };

afterEach(() => clearDemoOverlay());

const send = (input: object) => answer('messages.send', { subject: 'Bed 4', content: 'Obs at 14:00.', ...input }, DOCTOR) as TMessage;
const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return Object.keys((error as { fields?: Record<string, string> }).fields ?? {});
  }
  throw new Error('expected a refusal');
};

describe('demo messages.send', () => {
  it('to named people, a role, the case team or everybody, with the "To:" line of each', () => {
    expect(send({ recipientIds: ['registered_nurse'], caseId: 'hc-case-01' })).toMatchObject({
      audience: 'people', audienceLabel: 'Nomvula Dlamini', recipientId: 'registered_nurse', messageType: 'direct', isRead: true, patientCaseId: 'hc-case-01', parentId: null,
    });
    expect(send({ recipientRole: 'Nurse' })).toMatchObject({ audience: 'role', audienceLabel: 'Role: Nurse', recipientId: null, messageType: 'direct' });
    const team = answer('caseTeam.get', { id: 'hc-case-01' }, DOCTOR) as TCaseTeam;
    expect(team.members.filter((m) => m.userId !== DOCTOR.userId).length).toBeGreaterThan(0);
    const kase = answer('cases.get', { id: 'hc-case-01' }, DOCTOR) as { reference: string | null; patientName: string };
    expect(send({ caseId: 'hc-case-01', toCaseTeam: true })).toMatchObject({ audience: 'team', audienceLabel: `Team of ${kase.reference ?? kase.patientName}` });
    expect(send({})).toMatchObject({ audience: 'broadcast', audienceLabel: null, messageType: 'broadcast' });
    const sent = answer('messages.list', { caseId: 'hc-case-01' }, DOCTOR) as TMessage[];
    expect(sent.filter((m) => m.senderId === DOCTOR.userId).map((m) => m.audience).sort()).toEqual(['people', 'team']);
  });

  it('refuses what the server refuses, naming the field and keeping nothing', () => {
    const before = (answer('messages.list', {}, DOCTOR) as TMessage[]).length;
    expect(fieldsOf(() => send({ recipientIds: ['nobody-here'] }))).toEqual(['recipientIds']);
    expect(fieldsOf(() => send({ recipientIds: ['attending_physician'] }))).toEqual(['recipientIds']);
    expect(fieldsOf(() => send({ recipientIds: ['patient1'] }))).toEqual(['recipientIds']);
    expect(fieldsOf(() => send({ recipientRole: 'Attorneys' }))).toEqual(['recipientRole']);
    expect(fieldsOf(() => send({ recipientRole: 'Patient' }))).toEqual(['recipientRole']);
    expect(fieldsOf(() => send({ recipientIds: ['registered_nurse'], recipientRole: 'Nurse' }))).toEqual(['recipientIds']);
    expect(fieldsOf(() => send({ toCaseTeam: true }))).toEqual(['toCaseTeam']);
    // Never to everybody about a case (issue 32).
    expect(fieldsOf(() => send({ caseId: 'hc-case-01' }))).toEqual(['patientCaseId']);
    expect((answer('messages.list', {}, DOCTOR) as TMessage[]).length).toBe(before);
  });
});

describe('demo messages.reply', () => {
  it('threads under the message and answers one thread on ?threadId=', () => {
    const received = (answer('messages.list', {}, DOCTOR) as TMessage[]).find((m) => m.senderId === 'hc-nurse-icu')!;
    expect(received).toBeDefined();
    const reply = answer('messages.reply', { id: received.id, content: 'Seen, on my way.' }, DOCTOR) as TMessage;
    expect(reply).toMatchObject({ threadId: received.threadId, parentId: received.id, audience: 'people', audienceLabel: 'Busisiwe Khoza', recipientId: 'hc-nurse-icu' });
    expect((answer('messages.list', { threadId: received.threadId }, DOCTOR) as TMessage[]).map((m) => m.id)).toEqual([reply.id, received.id]);

    const mine = send({ recipientIds: ['registered_nurse', 'hc-case-manager'] });
    const followUp = answer('messages.reply', { id: mine.id, content: 'And bring the chart.', replyAll: true }, DOCTOR) as TMessage;
    expect(followUp).toMatchObject({ threadId: mine.id, parentId: mine.id, audienceLabel: 'Nomvula Dlamini, Fatima Adams' });
    expect(followUp).not.toHaveProperty('sentTo');
    const broadcast = send({});
    expect(fieldsOf(() => answer('messages.reply', { id: broadcast.id, content: 'x', replyAll: true }, DOCTOR))).toEqual(['replyAll']);
  });
});
