import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_CSV_MAX_BYTES, type AssetImportReport } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { saveBlob } from '../../../lib/save-file';
import { useImportAssets } from '../api/import-assets';
import { assetCsvTemplate } from './asset-csv-template';

/**
 * Import of assets from a CSV file: the file is checked first (nothing written) and the refused
 * rows listed with their reasons; only a file with none refused can be imported, all at once.
 */
export const AssetImportDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('resources');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const run = useImportAssets();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<AssetImportReport | null>(null);
  const check = (name: string, csv: string) => {
    setFile({ name, csv });
    setReport(null);
    run.mutate({ csv, dryRun: true }, { onSuccess: setReport, onError: (e) => void message.error(errorText(e)) });
  };
  const importAll = () => {
    if (!file) return;
    run.mutate(
      { csv: file.csv, dryRun: false },
      {
        onSuccess: (r) => {
          if (r.refused.length > 0) return setReport(r);
          void message.success(t('import.done', { created: r.created, updated: r.updated }));
          onClose();
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };
  const ready = report !== null && report.refused.length === 0 && report.total > 0;
  return (
    <Modal
      open
      title={t('import.title')}
      onCancel={onClose}
      width={720}
      footer={
        <Space>
          <Button onClick={onClose}>{t('import.cancel')}</Button>
          <Button type="primary" disabled={!ready} loading={run.isPending && report !== null} onClick={importAll}>
            {t('import.run')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        {t('import.help')}{' '}
        <Typography.Link onClick={() => saveBlob('assets-template.csv', new Blob([assetCsvTemplate()], { type: 'text/csv' }))}>
          {t('import.template')}
        </Typography.Link>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,text/csv"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (f.size > ASSET_CSV_MAX_BYTES) {
            void message.error(t('import.tooLarge', { max: Math.floor(ASSET_CSV_MAX_BYTES / 1024) }));
            return Upload.LIST_IGNORE;
          }
          void f.text().then((csv) => check(f.name, csv));
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{file ? file.name : t('import.drop')}</p>
      </Upload.Dragger>
      {run.isPending && report === null && (
        <Typography.Paragraph style={{ marginTop: 12 }}>{t('import.checking')}</Typography.Paragraph>
      )}
      {report && report.refused.length === 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type={report.total > 0 ? 'success' : 'warning'}
          showIcon
          message={
            report.total > 0 ? t('import.checked', { created: report.created, updated: report.updated }) : t('import.emptyFile')
          }
        />
      )}
      {report && report.refused.length > 0 && (
        <>
          <Alert
            style={{ marginTop: 12, marginBottom: 12 }}
            type="error"
            showIcon
            message={t('import.refused', { count: report.refused.length, total: report.total })}
          />
          <Table
            size="small"
            rowKey="row"
            pagination={report.refused.length > 10 ? { pageSize: 10 } : false}
            dataSource={report.refused}
            columns={[
              { title: t('import.col.row'), dataIndex: 'row', width: 70 },
              { title: t('import.col.name'), dataIndex: 'name', width: 160 },
              { title: t('import.col.reasons'), dataIndex: 'reasons', render: (r: string[]) => r.join('; ') },
            ]}
          />
        </>
      )}
    </Modal>
  );
};
