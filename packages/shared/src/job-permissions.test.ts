import { describe, expect, it } from 'vitest';
import { extendableSeconds, jobActionsFor, mayActOnJob, mayActOnJobs, type JobViewer } from './job-permissions.js';
import { can, Role, type RoleId } from './roles.js';

const as = (role: RoleId, userName = 'alice'): JobViewer => ({ userName, can: (p) => can(role, p) });

describe('job permissions', () => {
  it('let a user act on their own jobs only, without priorities', () => {
    expect(mayActOnJob(as(Role.user), 'alice', 'cancel')).toBe(true);
    expect(mayActOnJob(as(Role.user), 'bob', 'cancel')).toBe(false);
    expect(mayActOnJob(as(Role.user), 'alice', 'priority')).toBe(false);
  });

  it("let the roles that run the cluster act on anyone's job, priorities included", () => {
    for (const role of [Role.admin, Role.super, Role.hpc, Role.opt]) {
      expect(mayActOnJob(as(role, 'root'), 'bob', 'hold')).toBe(true);
      expect(mayActOnJob(as(role, 'root'), 'bob', 'priority')).toBe(true);
    }
  });

  it('let viewers and auditors act on nothing, not even under their own name', () => {
    for (const role of [Role.viewer, Role.auditor]) expect(mayActOnJob(as(role), 'alice', 'cancel')).toBe(false);
  });

  it('offer the action column to the roles that may act on some job', () => {
    for (const role of [Role.user, Role.admin, Role.super, Role.hpc, Role.opt]) expect(mayActOnJobs(as(role))).toBe(true);
    for (const role of [Role.viewer, Role.auditor]) expect(mayActOnJobs(as(role))).toBe(false);
  });

  it('count jobs:actAll as covering one’s own jobs', () => {
    const allOnly: JobViewer = { userName: 'ops', can: (p) => p === 'jobs:actAll' };
    expect(mayActOnJob(allOnly, 'ops', 'cancel')).toBe(true);
  });

  it('offer the actions that fit the state and the viewer', () => {
    expect(jobActionsFor(as(Role.user), { owner: 'alice', state: 'Q' })).toEqual(['cancel', 'hold', 'extend']);
    expect(jobActionsFor(as(Role.admin, 'root'), { owner: 'alice', state: 'Q' })).toEqual([
      'cancel',
      'hold',
      'priority',
      'extend',
    ]);
    expect(jobActionsFor(as(Role.user), { owner: 'alice', state: 'C' })).toEqual([]);
  });

  it('know how much longer a time limit can become', () => {
    expect(extendableSeconds(3600, 7200)).toBe(3600);
    expect(extendableSeconds(7200, 7200)).toBe(0);
    expect(extendableSeconds(9000, 7200)).toBe(0);
    expect(extendableSeconds(null, 7200)).toBe(0);
    expect(extendableSeconds(3600, null)).toBeNull();
    expect(extendableSeconds(3600, undefined)).toBeNull();
  });
});
