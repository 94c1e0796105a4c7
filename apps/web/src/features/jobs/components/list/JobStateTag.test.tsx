import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExitStatus, JobState } from '@portal/shared';
import { i18n } from '../../../../lib/i18n';
import { JobStateTag } from './JobStateTag';

/** What the tag says for a job, in a language. */
const said = async (
  lang: 'en' | 'zh',
  jobStatus: JobState,
  exitStatus: ExitStatus | null = null,
  exitCode: string | null = null,
) => {
  await i18n.changeLanguage(lang);
  const { container } = render(<JobStateTag job={{ jobStatus, exitStatus, exitCode, reason: '' }} />);
  const text = container.textContent;
  cleanup();
  return text;
};

describe('a job state tag', () => {
  afterEach(cleanup);

  it('says one word: the state while active, how it ended once finished, a failure’s exit code beside', async () => {
    expect(await said('en', 'R')).toBe('Running');
    expect(await said('en', 'E')).toBe('Exiting');
    expect(await said('en', 'C', 'fail', '1:0')).toBe('Failed · exit 1');
    expect(await said('en', 'C', 'fail', '0:11')).toBe('Failed · signal 11');
    expect(await said('en', 'C', 'delete', '0:15')).toBe('Cancelled');
    expect(await said('en', 'C', 'timeout', '0:15')).toBe('Timed out');
    expect(await said('en', 'C', 'complete', '0:0')).toBe('Completed');
  });

  it('says the same in Chinese', async () => {
    expect(await said('zh', 'R')).toBe('运行');
    expect(await said('zh', 'C', 'fail', '1:0')).toBe('失败 · 退出码 1');
    expect(await said('zh', 'C', 'delete', '0:15')).toBe('已取消');
    await i18n.changeLanguage('en');
  });
});
