import { describe, expect, it } from 'vitest';
import { fillTemplate, placeholdersOf } from './template-fill';

describe('template placeholders', () => {
  const script = '#!/bin/bash\ncd {{workDir}}\nmpirun -np {{ cores }} {{program}} {{args}} # {{program}}\n';

  it('take the values of the form and of the template fields', () => {
    expect(fillTemplate(script, { workDir: '/home/alice', cores: 8, program: 'vasp_std', args: '-v' })).toBe(
      '#!/bin/bash\ncd /home/alice\nmpirun -np 8 vasp_std -v # vasp_std\n',
    );
  });

  it('stay visible while they have no value', () => {
    expect(fillTemplate(script, { cores: 4, program: '', args: undefined })).toBe(
      '#!/bin/bash\ncd {{workDir}}\nmpirun -np 4 {{program}} {{args}} # {{program}}\n',
    );
  });

  it('are listed once each', () => {
    expect(placeholdersOf(script)).toEqual(['workDir', 'cores', 'program', 'args']);
    expect(placeholdersOf('echo hi')).toEqual([]);
  });

  it('leave other braces alone', () => {
    expect(fillTemplate('echo ${HOME} {x} {{ 1bad }}', { x: 1 })).toBe('echo ${HOME} {x} {{ 1bad }}');
  });
});
