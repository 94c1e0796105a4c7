import { Descriptions, Modal, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLicenseInfo } from '../../lib/queries/license-info';
import { useLoginConfig } from '../../lib/queries/login-config';
import { useSession } from '../../lib/session';
import { editionKey } from './edition';

/** About (spec section 2): version, edition, key status, remaining licence days, node count. */
export const AboutDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('layout');
  const { indexData } = useSession();
  const license = useLicenseInfo(open);
  const config = useLoginConfig();
  const l = license.data;
  const branding = config.data?.branding;
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={800} title={t('about.title')} destroyOnHidden>
      {!l ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {branding?.TITLE ?? 'HPC Portal'} · {t(editionKey(l.versionNumber, l.systemVersionType))}
            {l.trial && <Tag style={{ marginLeft: 8 }}>{t('about.trial')}</Tag>}
          </Typography.Title>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t('about.versionName')}>
              {t(editionKey(l.versionNumber, l.systemVersionType))}
            </Descriptions.Item>
            {indexData?.systemVersion && (
              <Descriptions.Item label={t('about.versionNumber')}>{indexData.systemVersion}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('about.keyStatus')}>
              <Tag color={l.keyStatus === 'plugged' ? 'green' : 'default'}>{t(`about.key.${l.keyStatus}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('about.remainingDays')}>
              {l.expired ? <Tag color="red">{t(l.trial ? 'about.trialExpired' : 'about.licenseExpired')}</Tag> : l.remainingDays}
            </Descriptions.Item>
            <Descriptions.Item label={t('about.nodeCount')}>
              {/* The schedulers' count of nodes now, beside what the licence allows. */}
              <span data-testid="about-node-count">
                {l.clusterNodes === null
                  ? t('about.nodesLicensedOnly', { licensed: l.nodeCount })
                  : t('about.nodes', { count: l.clusterNodes, licensed: l.nodeCount })}
              </span>
            </Descriptions.Item>
            {l.customer && <Descriptions.Item label={t('about.customer')}>{l.customer}</Descriptions.Item>}
          </Descriptions>
          {branding?.ABOUT_TEXT1 && <Typography.Paragraph style={{ marginTop: 16 }}>{branding.ABOUT_TEXT1}</Typography.Paragraph>}
          {branding?.ABOUT_TEXT2 && <Typography.Paragraph type="secondary">{branding.ABOUT_TEXT2}</Typography.Paragraph>}
          {branding?.COPYRIGHT && <Typography.Text type="secondary">{branding.COPYRIGHT}</Typography.Text>}
        </>
      )}
    </Modal>
  );
};
