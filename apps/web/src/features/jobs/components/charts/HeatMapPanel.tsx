import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Empty, Flex, Select, Skeleton, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { useSession } from '../../../../lib/session';
import { useClusterInfo } from '../../api/query-cluster-info';
import { ErrorAlert } from '../list/SchedulerErrorAlert';
import { HeatMapLegend } from './HeatMapLegend';
import { NodeTile } from './NodeTile';
import { useFullscreen } from '../../../../components/fullscreen/use-fullscreen';

/** Every node as a tile coloured by its state, with the jobs on it; can fill the screen. */
export const HeatMapPanel = () => {
  const { t } = useTranslation('job-charts');
  const { refreshMs } = useSession();
  const info = useClusterInfo(refreshMs);
  const box = useRef<HTMLDivElement>(null);
  const full = useFullscreen(box);
  const [partition, setPartition] = useState<string | undefined>();
  const nodes = (info.data?.nodes ?? []).filter((n) => !partition || n.partitions.includes(partition));
  const partitions = [...new Set((info.data?.nodes ?? []).flatMap((n) => n.partitions))].sort();

  return (
    <div ref={box} style={full.active ? { background: '#fff', padding: 24, overflow: 'auto', height: '100vh' } : undefined}>
      {/* Popovers and dropdowns open inside the panel, or full screen would hide them. */}
      <ConfigProvider getPopupContainer={() => box.current ?? document.body}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Flex gap={12} align="center" wrap>
            <Select
              allowClear
              placeholder={t('heatMap.partition')}
              aria-label={t('heatMap.partition')}
              style={{ width: 180 }}
              value={partition}
              onChange={setPartition}
              options={partitions.map((p) => ({ value: p, label: p }))}
            />
            {info.data && (
              <Typography.Text>
                {t('core.usedOfTotal', { used: info.data.coreUsed, total: info.data.coreTotal })}
                {info.data.snapshotAt && (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 12 }}>
                    {t('heatMap.snapshotAt', { time: formatDateTime(info.data.snapshotAt) })}
                  </Typography.Text>
                )}
              </Typography.Text>
            )}
          </Flex>
          {full.supported && (
            <Tooltip title={t(full.active ? 'heatMap.exitFullscreen' : 'heatMap.fullscreen')}>
              <Button
                icon={full.active ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
                aria-label={t(full.active ? 'heatMap.exitFullscreen' : 'heatMap.fullscreen')}
                aria-pressed={full.active}
                onClick={full.toggle}
              />
            </Tooltip>
          )}
        </Flex>
        {info.isError && <ErrorAlert error={info.error} />}
        <HeatMapLegend nodes={nodes} />
        {info.isPending ? (
          <Skeleton active />
        ) : nodes.length === 0 ? (
          <Empty description={t('chart.noNodes')} />
        ) : (
          <ul
            aria-label={t('heatMap.title')}
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 8,
              listStyle: 'none',
              padding: 0,
              margin: 0,
              opacity: info.isError ? 0.5 : 1,
            }}
          >
            {nodes.map((n) => (
              <li key={n.name}>
                <NodeTile node={n} />
              </li>
            ))}
          </ul>
        )}
      </ConfigProvider>
    </div>
  );
};
