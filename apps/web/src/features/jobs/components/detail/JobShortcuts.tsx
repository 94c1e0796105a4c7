import { CodeOutlined, CopyOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { JobDetail } from '@portal/shared';
import { useOpenFileManager } from '../../../../lib/open-file-manager';
import { useCan, useSession } from '../../../../lib/session';
import { shellPageUrl } from '../../../../lib/shell-url';

/** The submission form filled with a job's parameters. */
export const copyJobPath = (job: Pick<JobDetail, 'jobId' | 'clusterId'>) =>
  `/my-job/submit?${new URLSearchParams({ copyOf: job.jobId, clusterId: job.clusterId }).toString()}`;

/**
 * From a job to what comes next: submit it again (its parameters in the form), its folder in E-File
 * and a shell there. Folder and shell only for one's own job: another user's folder lies outside
 * one's roots (the server checks the shell's folder against them as well).
 */
export const JobShortcuts = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation('job-shortcuts');
  const can = useCan();
  const { indexData } = useSession();
  const openFileManager = useOpenFileManager();
  const navigate = useNavigate();
  const own = !!job.workDir && indexData?.currentUser === job.userName;
  return (
    <Space wrap role="group" aria-label={t('label')} style={{ marginBottom: 16 }}>
      {can('jobs:submit') && (
        <Button
          icon={<CopyOutlined aria-hidden />}
          href={copyJobPath(job)}
          onClick={(e) => {
            // A link (it opens in a new tab too) that stays in the console.
            e.preventDefault();
            void navigate(copyJobPath(job));
          }}
        >
          {t('copy')}
        </Button>
      )}
      {own && can('files:read') && (
        <Button
          icon={<FolderOpenOutlined aria-hidden />}
          onClick={() => void openFileManager({ path: job.workDir, clusterId: job.clusterId })}
        >
          {t('folder')}
        </Button>
      )}
      {own && can('shell:open') && (
        <Button
          icon={<CodeOutlined aria-hidden />}
          href={shellPageUrl({ clusterId: job.clusterId, cwd: job.workDir })}
          target="_blank"
          rel="noopener"
        >
          {t('shell')}
        </Button>
      )}
    </Space>
  );
};
