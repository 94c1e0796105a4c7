import type { SystemVersionType } from '@portal/shared';

/**
 * The edition's translation key: version number 0 follows the system version type (else
 * development); 1 standard, 2 data center, 3 HPC, 4 industrial cloud.
 */
export const editionKey = (versionNumber: number, type: SystemVersionType | undefined): string => {
  const byNumber: Record<number, string> = { 1: 'standard', 2: 'dataCenter', 3: 'hpc', 4: 'industrialCloud' };
  const byType: Record<SystemVersionType, string> = {
    Standard: 'standard',
    DataCenter: 'dataCenter',
    HPC: 'hpc',
    IndustrialCloud: 'industrialCloud',
  };
  if (versionNumber === 0) return `edition.${type ? byType[type] : 'development'}`;
  return `edition.${byNumber[versionNumber] ?? 'development'}`;
};
