import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listFiles, type Cluster } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useCreateTransfer } from '../api/create-transfer';
import { useClusters } from '../api/list-clusters';

interface Props {
  /** The cluster the file manager shows: the source (undefined while the list is read). */
  from: Cluster | undefined;
  /** Selected entries of the file manager, on `from`. */
  paths: string[] | null;
  onClose: () => void;
  /** Called with the new transfer's id once the server has accepted it. */
  onStarted: (id: number) => void;
}

interface Values {
  toClusterId: string;
  toPath: string;
}

/** "Send to another cluster…": the selection goes to a folder of another cluster, in the background. */
export const SendToClusterDialog = ({ from, paths, onClose, onStarted }: Props) => {
  const { t } = useTranslation('files');
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const clusters = useClusters(paths !== null);
  const create = useCreateTransfer();
  // Every cluster but the source.
  const targets = useMemo(() => (clusters.data ?? []).filter((c) => c.id !== from?.id), [clusters.data, from]);
  const { reset } = create;
  // The target cluster's home folder is the first suggestion for the target folder.
  const toClusterId = Form.useWatch('toClusterId', form);
  const home = useQuery({
    queryKey: ['files', 'home', toClusterId],
    queryFn: () => api(listFiles, { query: { clusterId: toClusterId, pageStart: 0, pageLimit: 1 } }),
    enabled: paths !== null && !!toClusterId,
    select: (d) => d.home,
  });

  // Each opening starts afresh: the first other cluster, and its home folder as the target.
  useEffect(() => {
    if (paths === null) return;
    reset();
    form.resetFields();
  }, [paths, form, reset]);
  useEffect(() => {
    if (paths !== null && targets[0] && !form.getFieldValue('toClusterId')) form.setFieldValue('toClusterId', targets[0].id);
  }, [paths, targets, form]);
  useEffect(() => {
    if (paths !== null && home.data && !form.isFieldTouched('toPath')) form.setFieldValue('toPath', home.data);
  }, [paths, home.data, form]);

  const submit = (v: Values) => {
    if (!from || !paths) return;
    create.mutate(
      { fromClusterId: from.id, paths, toClusterId: v.toClusterId, toPath: v.toPath.trim() },
      { onSuccess: (tr) => onStarted(tr.id) },
    );
  };

  return (
    <Modal
      open={paths !== null}
      title={t('acrossCenter.sendTitle', { count: paths?.length ?? 0 })}
      okText={t('acrossCenter.send')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: create.isPending, disabled: !from || targets.length === 0 }}
    >
      <Typography.Paragraph type="secondary">
        {t('acrossCenter.from', { cluster: from?.name ?? from?.id ?? '' })}
      </Typography.Paragraph>
      <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
        {paths?.join('\n')}
      </Typography.Paragraph>
      {clusters.isSuccess && targets.length === 0 && (
        <Typography.Paragraph type="warning">{t('acrossCenter.noTarget')}</Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="toClusterId" label={t('acrossCenter.toCluster')} rules={[{ required: true }]}>
          <Select options={targets.map((c) => ({ value: c.id, label: c.name || c.id }))} />
        </Form.Item>
        <Form.Item
          name="toPath"
          label={t('acrossCenter.toPath')}
          extra={t('acrossCenter.toPathHint')}
          rules={[{ required: true, pattern: /^\//, message: t('acrossCenter.absolute') }]}
        >
          <Input placeholder="/home/user/data" autoComplete="off" />
        </Form.Item>
      </Form>
      {create.isError && <Typography.Text type="danger">{errorText(create.error)}</Typography.Text>}
    </Modal>
  );
};
