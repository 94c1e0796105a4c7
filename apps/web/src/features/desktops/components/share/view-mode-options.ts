import { useTranslation } from 'react-i18next';
import { DesktopViewMode } from '@portal/shared';

/** Observation and interaction, in the user's language, for a Select. */
export const useViewModeOptions = () => {
  const { t } = useTranslation('desktops');
  return DesktopViewMode.options.map((mode) => ({ value: mode, label: t(`viewMode.${mode}`) }));
};
