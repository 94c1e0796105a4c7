import { Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@portal/shared';
import { formatDateTime } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { useJobTemplates } from '../../api/list-job-templates';
import { formatMemoryMB, formatSeconds } from './detail-format';

/** A template's name in the page's language, from the id recorded at submission ('' → '-'). */
export const useTemplateName = () => {
  const templates = useJobTemplates();
  return (id: string | null | undefined): string => {
    if (!id) return '-';
    const found = templates.data?.find((x) => x.id === id);
    return found ? found.name[currentLanguage()] : id;
  };
};

/** What the portal's submission recorded: the template actually used and what was asked for. */
export const SubmissionSection = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation('job-details');
  const templateName = useTemplateName();
  const s = job.submission;
  if (!s) return null;
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'template', label: t('field.appType'), children: templateName(s.template) },
    { key: 'queue', label: t('field.queue'), children: s.queue },
    { key: 'submittedAt', label: t('field.submittedAt'), children: formatDateTime(s.submittedAt) },
    { key: 'nodes', label: t('field.nodes'), children: s.nodes },
    { key: 'cores', label: t('field.cores'), children: s.cores },
    { key: 'gpus', label: t('field.gpus'), children: s.gpus },
    { key: 'memory', label: t('field.memoryPerNode'), children: s.memoryMB ? formatMemoryMB(s.memoryMB) : t('queueDefault') },
    { key: 'timeLimit', label: t('field.timeLimit'), children: formatSeconds(s.timeLimit) },
    { key: 'account', label: t('field.account'), children: s.account || '-' },
    {
      key: 'workDir',
      label: t('field.workDir'),
      children: <Typography.Text code>{s.workDir}</Typography.Text>,
      span: 3,
    },
  ];
  return (
    <Descriptions
      title={t('section.submission')}
      items={items}
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      style={{ marginBottom: 24 }}
    />
  );
};
