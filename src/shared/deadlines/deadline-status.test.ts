import { describe, expect, it } from 'vitest';
import { type DeadlineStatusFacts, deadlineStanding } from './deadline-status';

// The written rule of deadline-status.ts, case by case. Today is Mon 2026-06-15 throughout.
const TODAY = '2026-06-15';
const facts = (over: Partial<DeadlineStatusFacts>): DeadlineStatusFacts => ({ rule: 'rule-19', due: '2026-07-01', mark: null, summonsServedOn: null, ...over });
const standing = (over: Partial<DeadlineStatusFacts>) => deadlineStanding(facts(over), TODAY);

describe('deadlineStanding without service of summons', () => {
  it('is open until its due day, the due day included, and overdue the day after', () => {
    expect(standing({ due: '2026-07-01' })).toEqual({ status: 'open', basis: 'due', metOn: null });
    expect(standing({ due: TODAY })).toEqual({ status: 'open', basis: 'due', metOn: null });
    expect(standing({ due: '2026-06-14' })).toEqual({ status: 'overdue', basis: 'past-due', metOn: null });
  });

  it('is met on the day marked, late or not, and not applicable when marked so', () => {
    expect(standing({ due: '2026-06-01', mark: { status: 'met', on: '2026-06-03' } })).toEqual({ status: 'met', basis: 'marked', metOn: '2026-06-03' });
    expect(standing({ due: '2026-06-01', mark: { status: 'not-applicable', on: null } })).toEqual({ status: 'not-applicable', basis: 'marked', metOn: null });
  });

  it('is met on the day its task was done, a mark winning over the task', () => {
    expect(standing({ due: '2026-06-01', taskDoneOn: '2026-05-29' })).toEqual({ status: 'met', basis: 'task-done', metOn: '2026-05-29' });
    expect(standing({ taskDoneOn: '2026-05-29', mark: { status: 'not-applicable', on: null } }).status).toBe('not-applicable');
  });

  it('leaves prescription and the s3 notice to the calendar until summons is served', () => {
    expect(standing({ rule: 'prescription', due: '2028-06-09' })).toEqual({ status: 'open', basis: 'due', metOn: null });
    expect(standing({ rule: 'act-40-s3', due: '2026-05-14' })).toEqual({ status: 'overdue', basis: 'past-due', metOn: null });
  });
});

describe('deadlineStanding once summons is served (Prescription Act s15; Act 40 of 2002 s3)', () => {
  it('meets prescription on the service day when served on or before its due day', () => {
    expect(standing({ rule: 'prescription', due: '2028-06-09', summonsServedOn: '2026-06-10' })).toEqual({ status: 'met', basis: 'summons-served', metOn: '2026-06-10' });
    expect(standing({ rule: 'prescription', due: '2026-06-10', summonsServedOn: '2026-06-10' })).toEqual({ status: 'met', basis: 'summons-served', metOn: '2026-06-10' });
  });

  it('calls prescription overdue when summons was served after the claim prescribed', () => {
    expect(standing({ rule: 'prescription', due: '2026-06-09', summonsServedOn: '2026-06-10' })).toEqual({ status: 'overdue', basis: 'served-after-prescription', metOn: null });
  });

  it('keeps a person’s mark of prescription (met earlier, or not applicable)', () => {
    expect(standing({ rule: 'prescription', due: '2028-06-09', summonsServedOn: '2026-06-10', mark: { status: 'met', on: '2026-01-20' } })).toEqual({ status: 'met', basis: 'marked', metOn: '2026-01-20' });
    expect(standing({ rule: 'prescription', summonsServedOn: '2026-06-10', mark: { status: 'not-applicable', on: null } }).status).toBe('not-applicable');
  });

  it('meets the s3 notice only when it was recorded as served on or before the service day', () => {
    expect(standing({ rule: 'act-40-s3', due: '2026-09-14', summonsServedOn: '2026-06-10', mark: { status: 'met', on: '2026-03-02' } })).toEqual({ status: 'met', basis: 'marked', metOn: '2026-03-02' });
    expect(standing({ rule: 'act-40-s3', due: '2026-09-14', summonsServedOn: '2026-06-10', mark: { status: 'met', on: '2026-06-10' } }).status).toBe('met');
    expect(standing({ rule: 'act-40-s3', due: '2026-09-14', summonsServedOn: '2026-06-10', taskDoneOn: '2026-04-01' })).toEqual({ status: 'met', basis: 'task-done', metOn: '2026-04-01' });
  });

  it('calls the s3 notice overdue-before-service otherwise — never open, even before its due day', () => {
    const overdue = { status: 'overdue', basis: 'overdue-before-service', metOn: null };
    expect(standing({ rule: 'act-40-s3', due: '2026-09-14', summonsServedOn: '2026-06-10' })).toEqual(overdue);
    expect(standing({ rule: 'act-40-s3', due: '2026-09-14', summonsServedOn: '2026-06-10', mark: { status: 'met', on: '2026-06-12' } })).toEqual(overdue);
    expect(standing({ rule: 'act-40-s3', due: '2026-09-14', summonsServedOn: '2026-06-10', taskDoneOn: '2026-06-11' })).toEqual(overdue);
    expect(standing({ rule: 'act-40-s3', summonsServedOn: '2026-06-10', mark: { status: 'not-applicable', on: null } }).status).toBe('not-applicable');
  });

  it('leaves the other rules to the calendar and their marks', () => {
    expect(standing({ rule: 'rule-19', due: '2026-07-01', summonsServedOn: '2026-06-10' })).toEqual({ status: 'open', basis: 'due', metOn: null });
  });
});
