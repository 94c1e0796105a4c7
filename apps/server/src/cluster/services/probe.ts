/*
 * What one real check of a service saw (service status groups, docs/services.md): the scheduler's
 * daemons, a login node's SSH server, an NTP server. `detail` is shown to operators as it is: the
 * answer when the service runs, the reason when it does not.
 */
export interface ServiceProbe {
  name: string;
  ok: boolean;
  detail: string;
}

/** A failure's message without a stack, short enough for a table cell. */
export const probeError = (e: unknown): string =>
  (e instanceof Error ? e.message : String(e)).split('\n', 1)[0]?.slice(0, 300) ?? '';
