import { describe, expect, it } from 'vitest';
import { CreateApplicationBody } from '@portal/shared';
import { hoursValid, jobIdValid, kindsFor, timeLimitValid, toApplicationBody } from './apply-model';

describe('the application form', () => {
  it('offers a longer run time only where the walltimeApply rule allows it', () => {
    expect(kindsFor(false)).not.toContain('wallTime');
    expect(kindsFor(true)).toContain('wallTime');
  });

  it('checks hours, job ids and time limits as the server does', () => {
    expect(hoursValid('100')).toBe(true);
    expect(hoursValid('0')).toBe(false);
    expect(hoursValid('1.5')).toBe(false);
    expect(hoursValid('')).toBe(false);
    expect(jobIdValid(' 123 ')).toBe(true);
    expect(jobIdValid('12a')).toBe(false);
    expect(timeLimitValid('2-00:00:00')).toBe(true);
    expect(timeLimitValid('01:30:00')).toBe(true);
    expect(timeLimitValid('00:00:30')).toBe(false);
    expect(timeLimitValid('366-00:00:00')).toBe(false);
    expect(timeLimitValid('90 minutes')).toBe(false);
  });

  it('builds requests the contract accepts, with only the fields of the kind', () => {
    const hours = toApplicationBody({
      kind: 'coreHours',
      accountName: 'phys',
      hours: ' 100 ',
      jobId: '9',
      reason: ' more runs ',
    });
    expect(hours).toEqual({ kind: 'coreHours', accountName: 'phys', hours: 100, reason: 'more runs' });
    expect(CreateApplicationBody.parse(hours)).toMatchObject({ hours: 100 });

    const wall = toApplicationBody({ kind: 'wallTime', accountName: 'phys', jobId: '123', timeLimit: '2-00:00:00', reason: 'r' });
    expect(wall).toEqual({ kind: 'wallTime', jobId: '123', timeLimit: '2-00:00:00', reason: 'r' });
    expect(CreateApplicationBody.parse(wall)).toMatchObject({ timeLimit: 172_800 });

    const queue = toApplicationBody({ kind: 'queueAccess', clusterId: 'local', accountName: 'phys', queue: 'gpu', reason: 'r' });
    expect(CreateApplicationBody.parse(queue)).toMatchObject({ clusterId: 'local', queue: 'gpu' });
  });
});
