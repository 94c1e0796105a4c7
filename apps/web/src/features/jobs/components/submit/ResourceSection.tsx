import { Col, Form, Input, InputNumber, Row, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@portal/shared';
import { formatSeconds } from '../detail/detail-format';
import { checkCores, checkTimeLimit } from './submit-model';

/** Nodes, cores, GPUs, memory and the time limit, checked against the queue's maximum. */
export const ResourceSection = ({ queue }: { queue: Queue | undefined }) => {
  const { t } = useTranslation('job-submit');
  const max = queue?.maxTime ?? null;
  // Cores are checked against the nodes as either changes: 4 nodes with 1 core is refused here.
  const coresPerNode: FormRule = ({ getFieldValue }) => ({
    validator: (_, cores: number | null | undefined) => {
      const problem = checkCores(getFieldValue('nodes'), cores);
      return problem ? Promise.reject(new Error(t('coresBelowNodes', problem))) : Promise.resolve();
    },
  });
  const count = (name: 'nodes' | 'cores' | 'gpus' | 'memoryMB', min: number, upper?: number | null, extra?: string) => (
    <Form.Item
      name={name}
      label={t(`field.${name}`)}
      extra={extra}
      dependencies={name === 'cores' ? ['nodes'] : undefined}
      rules={[
        ...(name === 'cores' ? [coresPerNode] : []),
        {
          required: true,
          type: 'integer',
          min,
          ...(upper != null ? { max: upper } : {}),
          message: t('range', { min, max: upper ?? '∞' }),
        },
      ]}
    >
      <InputNumber min={min} max={upper ?? undefined} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <section aria-labelledby="submit-resources">
      <Typography.Title level={5} id="submit-resources">
        {t('section.resources')}
      </Typography.Title>
      <Row gutter={16}>
        <Col span={12}>{count('nodes', 1, queue?.maxNodes ?? queue?.totalNodes)}</Col>
        <Col span={12}>{count('cores', 1, queue?.totalCores)}</Col>
        <Col span={12}>{count('gpus', 0, queue?.totalGpus)}</Col>
        <Col span={12}>{count('memoryMB', 0, undefined, t('memoryHint'))}</Col>
      </Row>
      <Form.Item
        name="timeLimit"
        label={t('field.timeLimit')}
        required
        dependencies={['queue']}
        extra={t('timeLimitHint', { max: max === null ? t('unlimited') : formatSeconds(max) })}
        rules={[
          {
            validator: (_, v: string | undefined) => {
              const problem = checkTimeLimit(v, max);
              return problem ? Promise.reject(new Error(t(problem, { max: formatSeconds(max) }))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input placeholder="hh:mm:ss" spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </section>
  );
};
