import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { DESCRIPTION_MAX, patterns } from '@portal/shared';

/* Form rules of the contact fields (spec section 5), shared by registration and personal info. */

export const emailRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('common:contact.emailRequired') },
  { pattern: patterns.email, message: t('common:contact.emailInvalid') },
];

export const phoneRules = (t: TFunction): FormRule[] => [
  { pattern: patterns.mobilePhone, message: t('common:contact.phoneInvalid') },
];

export const descriptionRules = (t: TFunction): FormRule[] => [
  { max: DESCRIPTION_MAX, message: t('common:contact.descriptionTooLong') },
];
