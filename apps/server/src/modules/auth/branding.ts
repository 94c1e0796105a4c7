import type { Branding } from '@portal/shared';
import type { Config } from '../../config/schema.js';

/** Branding info (spec section 3) from the config; empty images mean the built-in ones. */
export const brandingOf = (config: Config): Branding => ({
  ABOUT_IMG: config.branding.logoUrl,
  ABOUT_TEXT1: config.branding.aboutText1,
  ABOUT_TEXT2: config.branding.aboutText2,
  COPYRIGHT: config.branding.copyright,
  ICON: config.branding.logoUrl,
  LOGIN_LOGO: config.branding.logoUrl,
  LOGO: config.branding.logoUrl,
  LOGO_MENU_HEIGHT: 24,
  TITLE: config.branding.title,
});
