import { z } from 'zod';
import { zOptionalText } from '../input.js';
import { ROLE_IDS } from '../roles.js';

/** An empty `data` for calls that only report success. */
export const Ok = z.object({}).describe('empty on success');

/** A timestamp in ISO 8601 (UTC). */
export const Timestamp = z.string().describe('ISO 8601 timestamp, UTC');

export const RoleIdSchema = z
  .number()
  .int()
  .refine((n) => (ROLE_IDS as number[]).includes(n), 'unknown role id');

/** A configured cluster's id, as in portal.yaml's `clusters[].id` and in URLs (`clusterId`). */
export const CLUSTER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const ClusterId = z.string().regex(CLUSTER_ID_PATTERN, 'not a cluster id');
/** A cluster id that may be left out (or sent empty by a form): the first cluster then. */
export const OptionalClusterId = zOptionalText(ClusterId);
