import { App, Empty, Flex, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem, ApplicationKind } from '@portal/shared';
import { Pager } from '../../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../../components/pager/paging';
import { useErrorText } from '../../../../lib/errors';
import { useApplications } from '../../api/list-applications';
import { useWithdrawApplication } from '../../api/withdraw-application';
import { DecideDialog } from '../review/DecideDialog';
import { applicationsColumns } from './applications-columns';

interface Props {
  scope: 'mine' | 'review';
  /** Only applications of this kind (the run time page). */
  kind?: ApplicationKind;
}

type Shown = 'pending' | 'all';

/**
 * One list of applications with its paging: the caller's own (withdraw while pending) or those to
 * review (pending first: the list opens on them; approve and refuse where the caller may decide).
 */
export const ApplicationsTable = ({ scope, kind }: Props) => {
  const { t } = useTranslation('applications');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [shown, setShown] = useState<Shown>(scope === 'review' ? 'pending' : 'all');
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [deciding, setDeciding] = useState<{ a: ApplicationItem; decision: 'approve' | 'refuse' } | null>(null);
  const list = useApplications({
    scope,
    ...(kind ? { kind } : {}),
    ...(shown === 'pending' ? { state: 'Pending' } : {}),
    pageStart: toPageStart(paging),
    pageLimit: paging.pageSize,
  });
  const withdraw = useWithdrawApplication();
  const columns = applicationsColumns(t, {
    scope,
    withdrawing: withdraw.isPending ? (withdraw.variables ?? null) : null,
    onWithdraw: (a) =>
      withdraw.mutate(a.applicationId, {
        onSuccess: () => void message.success(t('withdraw.done', { id: a.applicationId })),
        onError: (e) => void message.error(errorText(e)),
      }),
    onDecide: (a, decision) => setDeciding({ a, decision }),
  });
  const emptyText = scope === 'mine' ? t('empty.mine') : t(shown === 'pending' ? 'empty.review' : 'empty.reviewAll');

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={8}>
        <Typography.Text id={`shown-${scope}`}>{t('filter.label')}</Typography.Text>
        <Segmented<Shown>
          aria-labelledby={`shown-${scope}`}
          value={shown}
          onChange={(v) => {
            setShown(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: 'pending', label: t('filter.pending') },
            { value: 'all', label: t('filter.all') },
          ]}
        />
      </Flex>
      <Table<ApplicationItem>
        rowKey="applicationId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? errorText(list.error) : <Empty description={emptyText} /> }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      {deciding && <DecideDialog application={deciding.a} decision={deciding.decision} onClose={() => setDeciding(null)} />}
    </Flex>
  );
};
