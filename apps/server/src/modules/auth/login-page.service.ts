import type { Branding, PasswordStrength } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { Mailer } from '../mail/index.js';
import type { SettingsService } from '../settings/index.js';
import { brandingOf } from './branding.js';

/** What the sign-in page shows before anyone signs in: branding and which doors are open. */
export class LoginPageService {
  constructor(
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
  ) {}

  async passwordStrength(): Promise<PasswordStrength> {
    return (await this.settings.get()).passwordStrength;
  }

  systemVersionType() {
    return this.config.ui.systemVersionType;
  }

  async loginConfig(): Promise<{
    branding: Branding;
    registrationEnabled: boolean;
    forgotPasswordEnabled: boolean;
    passwordStrength: PasswordStrength;
  }> {
    const s = await this.settings.get();
    return {
      branding: brandingOf(this.config),
      registrationEnabled: s.registrationEnabled,
      forgotPasswordEnabled: this.mailer.enabled,
      passwordStrength: s.passwordStrength,
    };
  }
}
