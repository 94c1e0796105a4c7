import { describe, expect, it } from 'vitest';
import { parseControllerPing, parseDbdAnswer } from './service-probes.js';

/* The Slurm daemons' probes from what scontrol ping and sacctmgr print (Slurm 22.05 on the dev cluster). */

describe('parseControllerPing', () => {
  it('gives one probe per controller', () => {
    const out = 'Slurmctld(primary) at head1 is UP\nSlurmctld(backup) at head2 is DOWN\n';
    expect(parseControllerPing({ code: 1, stdout: out, stderr: '' })).toEqual([
      { name: 'slurmctld (primary)', ok: true, detail: 'head1 is UP' },
      { name: 'slurmctld (backup)', ok: false, detail: 'head2 is DOWN' },
    ]);
  });

  it("keeps Slurm's words when it printed no controller", () => {
    const stderr = 'scontrol: error: ClusterName needs to be specified\nscontrol: fatal: Unable to process configuration file\n';
    expect(parseControllerPing({ code: 1, stdout: '', stderr })).toEqual([
      { name: 'slurmctld', ok: false, detail: 'scontrol: error: ClusterName needs to be specified' },
    ]);
    expect(parseControllerPing({ code: 2, stdout: '', stderr: '' })[0]?.detail).toBe('scontrol ping exited with 2');
  });
});

describe('parseDbdAnswer', () => {
  it('lists the clusters slurmdbd keeps', () => {
    expect(parseDbdAnswer({ code: 0, stdout: 'devcluster\nother\n', stderr: '' })).toEqual({
      name: 'slurmdbd',
      ok: true,
      detail: 'clusters: devcluster, other',
    });
  });

  it('is stopped when sacctmgr cannot reach it', () => {
    const stderr =
      'sacctmgr: error: Sending PersistInit msg: Connection refused\nsacctmgr: error: Problem talking to the database: Connection refused\n';
    expect(parseDbdAnswer({ code: 1, stdout: '', stderr })).toEqual({
      name: 'slurmdbd',
      ok: false,
      detail: 'sacctmgr: error: Sending PersistInit msg: Connection refused',
    });
  });
});
