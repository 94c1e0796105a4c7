import { AutoComplete, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQueueTime } from '@portal/shared';
import { useSession } from '../../../../lib/session';
import { useActiveJobs } from '../../api/apply-choices';
import { jobIdValid, timeLimitValid } from './apply-model';
import { ClusterField } from './ClusterField';

/** A longer run time: which of the caller's queued or running jobs, and the time limit asked for. */
export const WallTimeFields = () => {
  const { t } = useTranslation('applications');
  const me = useSession().indexData?.currentUser ?? '';
  const clusterId = Form.useWatch<string | undefined>('clusterId');
  const jobs = useActiveJobs(me, clusterId, true);
  const options = (jobs.data ?? []).map((j) => ({
    value: j.jobId,
    label: t('apply.jobOption', {
      id: j.jobId,
      name: j.name,
      limit: j.timeLimit === null ? '-' : formatQueueTime(j.timeLimit),
    }),
  }));
  return (
    <>
      <ClusterField />
      <Form.Item
        name="jobId"
        label={t('apply.job')}
        required
        rules={[
          {
            validator: (_, v: string | undefined) =>
              jobIdValid(v) ? Promise.resolve() : Promise.reject(new Error(t('apply.jobRule'))),
          },
        ]}
      >
        <AutoComplete
          options={options}
          placeholder={t('apply.jobPlaceholder')}
          filterOption={(input, o) => String(o?.label ?? '').includes(input.trim())}
        />
      </Form.Item>
      <Form.Item
        name="timeLimit"
        label={t('apply.timeLimit')}
        required
        extra={t('apply.timeLimitHint')}
        rules={[
          {
            validator: (_, v: string | undefined) =>
              timeLimitValid(v) ? Promise.resolve() : Promise.reject(new Error(t('apply.timeLimitRule'))),
          },
        ]}
      >
        <Input autoComplete="off" placeholder="2-00:00:00" spellCheck={false} />
      </Form.Item>
    </>
  );
};
