/*
 * Node power through the nodes' BMCs (issue 15, docs/resources.md). The portal's host talks to
 * each BMC; credentials come from the node's asset, unsealed only for the call.
 */

export interface BmcTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

export type PowerCommand = 'on' | 'off' | 'cycle';

export interface PowerController {
  /** The chassis power as the BMC reports it. */
  status(bmc: BmcTarget): Promise<'on' | 'off'>;
  /** Asks the BMC to switch power; answers when the BMC accepted the command. */
  set(bmc: BmcTarget, command: PowerCommand): Promise<void>;
}

/** The BMC could not be reached, refused the credentials, or answered what the portal cannot read. */
export class BmcError extends Error {
  override readonly name = 'BmcError';
  constructor(
    message: string,
    /** The tool's own words, for the operator (never the password: it is not on the command line). */
    readonly detail: string,
  ) {
    super(message);
  }
}
