import { z } from 'zod';
import { ROLE_IDS } from '../roles.js';

/** An empty `data` for calls that only report success. */
export const Ok = z.object({}).describe('empty on success');

/** A timestamp in ISO 8601 (UTC). */
export const Timestamp = z.string().describe('ISO 8601 timestamp, UTC');

export const RoleIdSchema = z
  .number()
  .int()
  .refine((n) => (ROLE_IDS as number[]).includes(n), 'unknown role id');
