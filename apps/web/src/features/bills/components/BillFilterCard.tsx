import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportToolbar } from '../../../components/usage/ReportToolbar';
import { scopesFor } from '../../../components/usage/report-scopes';
import { ReportFilterBar } from '../../../components/usage/ReportFilterBar';
import type { useBillFilter } from './use-bill-filter';

interface Props {
  title: string;
  filter: ReturnType<typeof useBillFilter>;
  /** The report time zone, once an answer named it. */
  timeZone: string | undefined;
  extra?: ReactNode;
}

/** Range (the usage reports' presets), scope, and the cluster, account, queue and user filters of a bills page. */
export const BillFilterCard = ({ title, filter, timeZone, extra }: Props) => {
  const { t } = useTranslation('bills');
  const { state, rights, update, presetFor, today } = filter;
  const { from, to } = state.range;
  return (
    <Card title={title} size="small" extra={extra}>
      <Flex vertical gap={12}>
        <ReportToolbar
          kind={state.kind}
          range={state.range}
          scope={state.scope}
          scopes={scopesFor(rights)}
          today={today}
          onKind={(kind) => update({ kind, range: kind === 'custom' ? state.range : presetFor(kind) })}
          onCustom={(range) => update({ kind: 'custom', range })}
          // "Mine" has one user: a user filter would only empty it.
          onScope={(scope) => update({ scope, filters: scope === 'mine' ? { ...state.filters, user: '' } : state.filters })}
        />
        <ReportFilterBar
          filters={state.filters}
          scope={state.scope}
          userFilter={state.scope !== 'mine'}
          onChange={(filters) => update({ filters })}
        />
        <Typography.Text type="secondary" data-testid="bill-range">
          {timeZone ? t('filter.range', { from, to, timeZone }) : t('filter.rangeDays', { from, to })}
        </Typography.Text>
      </Flex>
    </Card>
  );
};
