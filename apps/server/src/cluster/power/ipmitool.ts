import { execFile } from 'node:child_process';
import { BmcError, type BmcTarget, type PowerCommand, type PowerController } from './types.js';

export interface IpmitoolOptions {
  program: string;
  interface: 'lan' | 'lanplus';
  timeoutMs: number;
}

/** The environment ipmitool gets: a PATH and the password (`-E` reads IPMI_PASSWORD), nothing of the server's. */
const envFor = (bmc: BmcTarget) => ({ PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin', IPMI_PASSWORD: bmc.password });

/**
 * Power through `ipmitool -I lan[plus] -H host -p port -U user -E chassis power ...`: argv only,
 * the password in the child's environment, never on its command line (where `ps` would show it).
 */
export class IpmitoolPower implements PowerController {
  constructor(private readonly o: IpmitoolOptions) {}

  private argv(bmc: BmcTarget, ...command: string[]): string[] {
    // -N/-R: one retry with a short wait, so an unreachable BMC answers within the time-out.
    return [
      '-I',
      this.o.interface,
      '-H',
      bmc.host,
      '-p',
      String(bmc.port),
      '-U',
      bmc.user,
      '-E',
      '-N',
      '2',
      '-R',
      '2',
      ...command,
    ];
  }

  private run(bmc: BmcTarget, args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        this.o.program,
        args,
        { env: envFor(bmc), timeout: this.o.timeoutMs, killSignal: 'SIGKILL' },
        (err, stdout, stderr) => {
          if (!err) return resolve(stdout);
          const detail = (String(stderr).trim() || err.message).split('\n').slice(0, 3).join(' ').slice(0, 300);
          const why = 'code' in err && err.code === 'ENOENT' ? `${this.o.program} is not installed` : detail;
          reject(new BmcError(`BMC ${bmc.host}:${bmc.port} did not answer`, why));
        },
      );
    });
  }

  async status(bmc: BmcTarget): Promise<'on' | 'off'> {
    const out = await this.run(bmc, this.argv(bmc, 'chassis', 'power', 'status'));
    const m = /Chassis Power is (on|off)/i.exec(out);
    if (!m) throw new BmcError(`BMC ${bmc.host}:${bmc.port} answered no power state`, out.trim().slice(0, 300));
    return (m[1] as string).toLowerCase() === 'on' ? 'on' : 'off';
  }

  async set(bmc: BmcTarget, command: PowerCommand): Promise<void> {
    await this.run(bmc, this.argv(bmc, 'chassis', 'power', command));
  }
}
