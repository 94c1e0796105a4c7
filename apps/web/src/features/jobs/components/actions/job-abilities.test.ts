import { describe, expect, it } from 'vitest';
import { Role, can, type JobState, type RoleId } from '@portal/shared';
import { batchTargets, rowActions, type Viewer } from './job-abilities';

const as = (roleId: RoleId, userName = 'alice'): Viewer => ({ userName, can: (p) => can(roleId, p) });
const job = (jobStatus: JobState, userName = 'alice') => ({ jobId: `${userName}-${jobStatus}`, userName, jobStatus });

describe('row actions', () => {
  it('offer a user the actions that fit the state of their own job, without priority', () => {
    const user = as(Role.user);
    expect(rowActions(job('R'), user)).toEqual(['cancel', 'suspend', 'rerun', 'extend']);
    expect(rowActions(job('Q'), user)).toEqual(['cancel', 'hold', 'extend']);
    expect(rowActions(job('H'), user)).toEqual(['cancel', 'release', 'extend']);
    expect(rowActions(job('S'), user)).toEqual(['cancel', 'resume', 'rerun', 'extend']);
    expect(rowActions(job('C'), user)).toEqual([]);
    expect(rowActions(job('E'), user)).toEqual([]);
  });

  it('offer a user nothing on somebody else’s job', () => {
    expect(rowActions(job('R', 'bob'), as(Role.user))).toEqual([]);
  });

  it('let job administrators act on anyone’s job, priority included', () => {
    for (const role of [Role.admin, Role.super, Role.hpc, Role.opt]) {
      expect(rowActions(job('Q', 'bob'), as(role))).toEqual(['cancel', 'hold', 'priority', 'extend']);
    }
  });

  it('let viewers and auditors only look', () => {
    expect(rowActions(job('R'), as(Role.viewer))).toEqual([]);
    expect(rowActions(job('R', 'bob'), as(Role.viewer))).toEqual([]);
    expect(rowActions(job('R'), as(Role.auditor))).toEqual([]);
  });

  it('send a batch action only to the jobs it applies to and that may be touched', () => {
    const jobs = [job('R'), job('Q'), job('H'), job('Q', 'bob')];
    expect(batchTargets('hold', jobs, as(Role.user))).toEqual(['alice-Q']);
    expect(batchTargets('hold', jobs, as(Role.admin, 'root'))).toEqual(['alice-Q', 'bob-Q']);
    expect(batchTargets('release', jobs, as(Role.viewer))).toEqual([]);
  });
});
