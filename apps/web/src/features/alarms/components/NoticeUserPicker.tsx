import { Flex, Input, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeUser } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useNoticeUsers } from '../api/notices';

/** The smallest of the spec's page sizes (section 9): the picker sits over a dialog. */
const PAGE_SIZE = 15;

/**
 * The portal's active users to take contacts from (their email and phone number): the choice
 * spans pages and searches; the rule's dialog adds what they have to its lists, each once.
 */
export const NoticeUserPicker = ({ onPick, onClose }: { onPick: (users: NoticeUser[]) => void; onClose: () => void }) => {
  const { t } = useTranslation('alarm-notices');
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [userName, setUserName] = useState('');
  const [paging, setPaging] = useState<Paging>(firstPage(PAGE_SIZE));
  const [chosen, setChosen] = useState<NoticeUser[]>([]);
  const list = useNoticeUsers({ userName: userName || undefined, pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const none = <Typography.Text type="secondary">-</Typography.Text>;
  const columns: TableColumnsType<NoticeUser> = [
    { title: t('users.col.userName'), dataIndex: 'userName' },
    { title: t('users.col.email'), dataIndex: 'email', render: (v: string) => v || none },
    { title: t('users.col.phone'), dataIndex: 'phone', render: (v: string) => v || none },
  ];
  return (
    <Modal
      open
      title={t('users.title')}
      okText={t('users.add', { count: chosen.length })}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => onPick(chosen)}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Input.Search
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          allowClear
          style={{ width: 260 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => {
            setUserName(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Typography.Text aria-live="polite">{t('users.chosen', { count: chosen.length })}</Typography.Text>
      </Flex>
      <Table<NoticeUser>
        rowKey="userName"
        size="small"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          // The choice spans pages and searches: rows not shown stay chosen.
          preserveSelectedRowKeys: true,
          selectedRowKeys: chosen.map((u) => u.userName),
          getTitleCheckboxProps: () => ({ 'aria-label': t('users.selectPage') }),
          getCheckboxProps: (u) => ({ 'aria-label': t('users.selectUser', { name: u.userName }) }),
          onChange: (_keys, rows) => setChosen(rows.filter((u): u is NoticeUser => u !== undefined)),
        }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : list.isPending ? (
            ' '
          ) : (
            <FilteredEmpty
              filtered={userName !== ''}
              emptyText={t('users.empty')}
              onClear={() => {
                setSearch('');
                setUserName('');
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          ),
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
    </Modal>
  );
};
