import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zBool, zInt } from '../input.js';
import { PASSWORD_STRENGTHS } from '../validation.js';

/** Settings an administrator changes at run time (stored in the database, override the config file). */
export const SystemSettings = z.object({
  /** Seconds between refreshes of live data in the console: 20-1200 (spec section 5). */
  refreshInterval: z.number().int().min(20).max(1200),
  registrationEnabled: z.boolean(),
  passwordStrength: z.enum(PASSWORD_STRENGTHS),
});
export type SystemSettings = z.infer<typeof SystemSettings>;

export const getSystemSettings = defineContract({
  id: 'settings.getSettings',
  method: 'GET',
  path: '/sys_config/api/settings',
  permission: 'system:config',
  summary: 'Run-time system settings',
  data: SystemSettings,
});

export const UpdateSettingsBody = z.object({
  refreshInterval: zInt().pipe(z.number().int().min(20).max(1200)).optional(),
  registrationEnabled: zBool().optional(),
  passwordStrength: z.enum(PASSWORD_STRENGTHS).optional(),
});
export const updateSystemSettings = defineContract({
  id: 'settings.updateSettings',
  method: 'PUT',
  path: '/sys_config/api/settings',
  permission: 'system:config',
  summary: 'Change run-time system settings',
  body: UpdateSettingsBody,
  data: SystemSettings,
});
