import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportToolbar } from '../../../components/usage/ReportToolbar';
import { scopesFor } from '../../../components/usage/report-scopes';
import { TextFilters } from './TextFilters';
import type { useBillFilter } from './use-bill-filter';

interface Props {
  title: string;
  filter: ReturnType<typeof useBillFilter>;
  /** The report time zone, once an answer named it. */
  timeZone: string | undefined;
  extra?: ReactNode;
}

/** Range (the usage reports' presets), scope, and account/user/queue filters of a bills page. */
export const BillFilterCard = ({ title, filter, timeZone, extra }: Props) => {
  const { t } = useTranslation('bills');
  const { state, rights, update, presetFor } = filter;
  const { from, to } = state.range;
  return (
    <Card title={title} size="small" extra={extra}>
      <Flex vertical gap={12}>
        <ReportToolbar
          kind={state.kind}
          range={state.range}
          scope={state.scope}
          scopes={scopesFor(rights)}
          onKind={(kind) => update({ kind, range: kind === 'custom' ? state.range : presetFor(kind) })}
          onCustom={(range) => update({ kind: 'custom', range })}
          onScope={(scope) => update({ scope })}
        />
        <TextFilters values={{ account: state.account, user: state.user, queue: state.queue }} onApply={(v) => update(v)} />
        <Typography.Text type="secondary" data-testid="bill-range">
          {timeZone ? t('filter.range', { from, to, timeZone }) : t('filter.rangeDays', { from, to })}
        </Typography.Text>
      </Flex>
    </Card>
  );
};
