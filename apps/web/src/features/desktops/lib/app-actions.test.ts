import { describe, expect, it } from 'vitest';
import { app } from '../test/fixtures';
import { appActions, appLabel, submitJobPath, visibleApps } from './app-actions';

describe('applications', () => {
  it('offer a desktop, a batch job or both, by their modes', () => {
    expect(appActions(app('VNC', { modes: ['desktop'] }))).toEqual({ desktop: true, batch: false });
    expect(appActions(app('GROMACS', { modes: ['batch'] }))).toEqual({ desktop: false, batch: true });
    expect(appActions(app('FLUENT', { modes: ['desktop', 'batch'] }))).toEqual({ desktop: true, batch: true });
  });

  it('open the job submission with their template, else the base one', () => {
    expect(submitJobPath(app('GROMACS', { jobTemplate: 'GROMACS' }))).toBe('/my-job/submit?template=GROMACS');
    expect(submitJobPath(app('FLUENT', { jobTemplate: null }))).toBe('/my-job/submit?template=BASE');
  });

  it('show users the offered ones and administrators all', () => {
    const list = [app('VNC'), app('FLUENT', { enabled: false })];
    expect(visibleApps(list, false).map((a) => a.id)).toEqual(['VNC']);
    expect(visibleApps(list, true).map((a) => a.id)).toEqual(['VNC', 'FLUENT']);
  });

  it("name a desktop's application in the page's language, or by its id when unknown", () => {
    const list = [app('FLUENT', { name: { en: 'ANSYS Fluent', zh: 'Fluent 流体' } })];
    expect(appLabel(list, 'FLUENT', 'en')).toBe('ANSYS Fluent');
    expect(appLabel(list, 'FLUENT', 'zh')).toBe('Fluent 流体');
    expect(appLabel(list, 'GONE', 'en')).toBe('GONE');
    expect(appLabel(undefined, 'FLUENT', 'en')).toBe('FLUENT');
  });
});
