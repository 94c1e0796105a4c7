import { Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The job script as submitted, folded away until asked for. */
export const ScriptBlock = ({ script }: { script: string | null }) => {
  const { t } = useTranslation('job-details');
  return (
    <Collapse
      style={{ marginBottom: 24 }}
      items={[
        {
          key: 'script',
          label: t('field.script'),
          children: script ? (
            <Typography.Paragraph copyable={{ text: script }} style={{ marginBottom: 0 }}>
              <pre style={{ margin: 0, maxHeight: 400, overflow: 'auto', fontSize: 12 }}>{script}</pre>
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t('scriptUnavailable')}</Typography.Text>
          ),
        },
      ]}
    />
  );
};
