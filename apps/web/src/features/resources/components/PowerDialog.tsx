import { Alert, Checkbox, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeView, PowerAction } from '@portal/shared';

interface Props {
  action: PowerAction;
  nodes: NodeView[];
  drainSupported: boolean;
  busy: boolean;
  onConfirm: (drain: boolean) => void;
  onClose: () => void;
}

/** Before power changes: the nodes named, the jobs running on them, and (for a power off) draining first. */
export const PowerDialog = ({ action, nodes, drainSupported, busy, onConfirm, onClose }: Props) => {
  const { t } = useTranslation('resources');
  const [drain, setDrain] = useState(true);
  const jobs = nodes.flatMap((n) => n.jobs.map((j) => ({ ...j, node: n.name })));
  const noBmc = nodes.filter((n) => !n.hasBmc).map((n) => n.name);
  return (
    <Modal
      open
      title={t(`nodes.confirm.title.${action}`, { count: nodes.length })}
      okText={t(`nodes.confirm.ok_${action}`)}
      okButtonProps={{ danger: action !== 'on' }}
      confirmLoading={busy}
      onOk={() => onConfirm(action === 'off' && drainSupported && drain)}
      onCancel={onClose}
      width={560}
    >
      <Typography.Paragraph>
        <Typography.Text strong>{t('nodes.confirm.nodes')}: </Typography.Text>
        {nodes.map((n) => n.name).join(', ')}
      </Typography.Paragraph>
      {noBmc.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('nodes.confirm.noBmc', { nodes: noBmc.join(', ') })}
        />
      )}
      {action !== 'on' &&
        (jobs.length > 0 ? (
          <>
            <Typography.Paragraph strong>{t('nodes.confirm.jobs')}</Typography.Paragraph>
            <Table
              size="small"
              rowKey={(j) => `${j.node}/${j.jobId}`}
              pagination={false}
              scroll={{ y: 200 }}
              dataSource={jobs}
              columns={[
                { title: t('nodes.confirm.col.node'), dataIndex: 'node' },
                { title: t('nodes.confirm.col.job'), dataIndex: 'jobId' },
                { title: t('nodes.confirm.col.user'), dataIndex: 'user' },
                { title: t('nodes.confirm.col.name'), dataIndex: 'name', ellipsis: true },
              ]}
            />
          </>
        ) : (
          <Typography.Paragraph type="secondary">{t('nodes.confirm.noJobs')}</Typography.Paragraph>
        ))}
      {action === 'off' && drainSupported && (
        <Checkbox checked={drain} onChange={(e) => setDrain(e.target.checked)} style={{ marginTop: 12 }}>
          {t('nodes.confirm.drain')}
        </Checkbox>
      )}
    </Modal>
  );
};
