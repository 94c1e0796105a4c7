import { checkCodeRegister, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const checkRegistrationCode = (body: BodyOf<typeof checkCodeRegister>) => api(checkCodeRegister, { body });
