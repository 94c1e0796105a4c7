import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXIT_STATUSES, STATUS_NAMES, type Queue } from '@portal/shared';
import { DateRangePicker } from '../../../../components/time-range/DateRangePicker';
import { toCriteria, type FilterValues, type JobsCriteria } from './filter-model';

interface Props {
  /** current: state and submit time; history: end time. */
  mode: 'current' | 'history';
  queues: Queue[];
  /** Only those who see everyone's jobs filter by user. */
  showUser: boolean;
  onSearch: (c: JobsCriteria) => void;
}

/** The list's filters; Enter or Search applies them, Reset clears them. */
export const JobFilters = ({ mode, queues, showUser, onSearch }: Props) => {
  const { t } = useTranslation('jobs');
  const [form] = Form.useForm<FilterValues>();
  const rangeLabel = mode === 'current' ? t('filter.submitTime') : t('filter.endTime');
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      style={{ rowGap: 8, marginBottom: 16 }}
      onFinish={(v) => onSearch(toCriteria(v))}
      aria-label={t('filter.title')}
    >
      {mode === 'current' && (
        <Form.Item name="statuses">
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('col.state')}
            aria-label={t('col.state')}
            style={{ width: 200 }}
            options={STATUS_NAMES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
      )}
      {mode === 'history' && (
        <Form.Item name="exitStatuses">
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('col.state')}
            aria-label={t('col.state')}
            style={{ width: 200 }}
            options={EXIT_STATUSES.map((s) => ({ value: s, label: t(`exitStatus.${s}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item name="queue">
        <Select
          allowClear
          placeholder={t('col.queue')}
          aria-label={t('col.queue')}
          style={{ width: 150 }}
          options={queues.map((q) => ({ value: q.name, label: q.name }))}
        />
      </Form.Item>
      <Form.Item name="name">
        <Input allowClear placeholder={t('col.name')} aria-label={t('col.name')} style={{ width: 150 }} maxLength={128} />
      </Form.Item>
      <Form.Item name="jobId">
        <Input allowClear placeholder={t('col.jobId')} aria-label={t('col.jobId')} style={{ width: 120 }} maxLength={32} />
      </Form.Item>
      {showUser && (
        <Form.Item name="user">
          <Input allowClear placeholder={t('col.user')} aria-label={t('col.user')} style={{ width: 130 }} maxLength={64} />
        </Form.Item>
      )}
      <Form.Item name="range">
        <DateRangePicker aria-label={rangeLabel} placeholder={[rangeLabel, t('filter.to')]} style={{ width: 300 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('filter.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => {
            form.resetFields();
            onSearch(toCriteria({}));
          }}
        >
          {t('filter.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
};
