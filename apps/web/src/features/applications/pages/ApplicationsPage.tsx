import { Button, Card, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { APPLICATION_KINDS, type ApplicationKind } from '@portal/shared';
import { ApplyDialog } from '../components/apply/ApplyDialog';
import { kindsFor, type ApplyValues } from '../components/apply/apply-model';
import { ApplicationsTable } from '../components/list/ApplicationsTable';
import { useApplyRules } from '../components/use-apply-rules';

const isKind = (v: string | null): v is ApplicationKind => APPLICATION_KINDS.some((k) => k === v);

/**
 * The caller's applications and, for administrators and account owners, those to review. Opened
 * as `?apply=coreHours&account=phys` (My accounts' "Apply for more") it starts on the form.
 */
const ApplicationsPage = () => {
  const { t } = useTranslation('applications');
  const rules = useApplyRules();
  const [params, setParams] = useSearchParams();
  const asked = params.get('apply');
  const [applying, setApplying] = useState<Partial<ApplyValues> | null>(() =>
    isKind(asked) ? { kind: asked, ...(params.get('account') ? { accountName: params.get('account') ?? '' } : {}) } : null,
  );
  const [tab, setTab] = useState(params.get('tab') === 'review' ? 'review' : 'mine');
  const close = () => {
    setApplying(null);
    if (asked) setParams({}, { replace: true });
  };
  const kinds = kindsFor(rules.wallTime);

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setApplying({})}>
          {t('apply.action')}
        </Button>
      }
    >
      <Tabs
        activeKey={rules.reviews ? tab : 'mine'}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'mine', label: t('tabs.mine'), children: <ApplicationsTable scope="mine" /> },
          ...(rules.reviews ? [{ key: 'review', label: t('tabs.review'), children: <ApplicationsTable scope="review" /> }] : []),
        ]}
      />
      {applying && rules.loaded && (
        <ApplyDialog
          // A run time asked for where the rule does not allow it falls back to the first kind offered.
          kinds={kinds}
          initial={applying.kind && !kinds.includes(applying.kind) ? { ...applying, kind: kinds[0] } : applying}
          onClose={close}
        />
      )}
    </Card>
  );
};

export default ApplicationsPage;
