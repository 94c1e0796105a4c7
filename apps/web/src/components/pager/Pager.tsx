import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@portal/shared';
import { clampPage, pageCount, type Paging } from './paging';

interface Props {
  paging: Paging;
  total: number;
  loading?: boolean;
  onChange: (p: Paging) => void;
}

/**
 * Spec section 4 and 9: first/previous disabled on page 1, next/last on the last page, everything
 * disabled while loading; a new page size goes back to page 1.
 */
export const Pager = ({ paging, total, loading = false, onChange }: Props) => {
  const { t } = useTranslation('common');
  const pages = pageCount(total, paging.pageSize);
  const go = (page: number) => onChange({ ...paging, page });
  const onFirst = paging.page <= 1;
  const onLast = paging.page >= pages;
  return (
    <Flex
      align="center"
      justify="flex-end"
      gap={8}
      wrap
      style={{ marginTop: 16 }}
      role="navigation"
      aria-label={t('pager.label')}
    >
      <Typography.Text type="secondary">{t('pager.total', { total })}</Typography.Text>
      <Button
        size="small"
        icon={<DoubleLeftOutlined />}
        disabled={loading || onFirst}
        onClick={() => go(1)}
        aria-label={t('pager.first')}
      />
      <Button
        size="small"
        icon={<LeftOutlined />}
        disabled={loading || onFirst}
        onClick={() => go(paging.page - 1)}
        aria-label={t('pager.previous')}
      />
      <PageInput key={paging.page} page={paging.page} pages={pages} disabled={loading} label={t('pager.page')} onGo={go} />
      <Typography.Text>/ {pages}</Typography.Text>
      <Button
        size="small"
        icon={<RightOutlined />}
        disabled={loading || onLast}
        onClick={() => go(paging.page + 1)}
        aria-label={t('pager.next')}
      />
      <Button
        size="small"
        icon={<DoubleRightOutlined />}
        disabled={loading || onLast}
        onClick={() => go(pages)}
        aria-label={t('pager.last')}
      />
      <Select
        size="small"
        value={paging.pageSize}
        disabled={loading}
        aria-label={t('pager.pageSize')}
        style={{ width: 110 }}
        options={PAGE_SIZE_OPTIONS.map((n) => ({ value: n, label: t('pager.perPage', { n }) }))}
        onChange={(pageSize: number) => onChange({ page: 1, pageSize })}
      />
    </Flex>
  );
};

/** The typed page number; a new page remounts it (key) with the page as its text. */
const PageInput = (p: { page: number; pages: number; disabled: boolean; label: string; onGo: (page: number) => void }) => {
  const [typed, setTyped] = useState(String(p.page));
  const commit = () => {
    const page = clampPage(typed, p.page, p.pages);
    setTyped(String(page));
    if (page !== p.page) p.onGo(page);
  };
  return (
    <Input
      size="small"
      style={{ width: 56, textAlign: 'center' }}
      value={typed}
      disabled={p.disabled}
      inputMode="numeric"
      aria-label={p.label}
      onChange={(e) => setTyped(e.target.value.replace(/[^\d]/g, ''))}
      onPressEnter={commit}
      onBlur={commit}
    />
  );
};
