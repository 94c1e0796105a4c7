import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HeatMapNode } from '@portal/shared';
import { NODE_STATES, NODE_STATE_STYLE, countByState } from './chart-points';

/** What each colour means, with how many nodes are in that state. */
export const HeatMapLegend = ({ nodes }: { nodes: readonly HeatMapNode[] }) => {
  const { t } = useTranslation('job-charts');
  const counts = countByState(nodes);
  return (
    <Flex
      component="ul"
      gap={16}
      wrap
      aria-label={t('heatMap.legend')}
      style={{ listStyle: 'none', padding: 0, margin: '0 0 12px' }}
    >
      {NODE_STATES.map((s) => (
        <li key={s} style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 13 }}>
          <span
            aria-hidden
            style={{
              width: 14,
              height: 14,
              borderRadius: 3,
              background: NODE_STATE_STYLE[s].background,
              border: '1px solid #cbd5e1',
            }}
          />
          {t(`nodeState.${s}`)} ({counts[s]})
        </li>
      ))}
    </Flex>
  );
};
