import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import type { HealthRepository } from './health.repository.js';

/** Whether this instance can serve requests: a load balancer's health check. */
export class HealthService {
  constructor(
    private readonly repo: HealthRepository,
    private readonly version: string,
  ) {}

  async check(): Promise<{ status: 'ok'; version: string }> {
    if (!(await this.repo.ping())) throw new AppError(ErrCode.INTERNAL, 'internal', 'database unreachable', { status: 503 });
    return { status: 'ok', version: this.version };
  }
}
