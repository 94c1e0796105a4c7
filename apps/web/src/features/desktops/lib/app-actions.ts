import type { AppTemplate } from '@portal/shared';
import type { Language } from '../../../lib/i18n';

/** The batch template the submission form opens when an application names none. */
export const BASE_JOB_TEMPLATE = 'BASE';

/** What a user can do with an application, by its modes. */
export const appActions = (app: AppTemplate) => ({
  desktop: app.modes.includes('desktop'),
  batch: app.modes.includes('batch'),
});

/** The job submission page with the application's template chosen. */
export const submitJobPath = (app: AppTemplate) =>
  `/my-job/submit?${new URLSearchParams({ template: app.jobTemplate ?? BASE_JOB_TEMPLATE }).toString()}`;

/** Users see the applications on offer; administrators every one, to switch them on or off. */
export const visibleApps = (apps: readonly AppTemplate[], admin: boolean) => (admin ? [...apps] : apps.filter((a) => a.enabled));

/** An application's name in the page's language, by its id (a desktop's appName); the id when it is unknown. */
export const appLabel = (apps: readonly AppTemplate[] | undefined, id: string, lang: Language) =>
  apps?.find((a) => a.id === id)?.name[lang] || id;
