import { Card, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RackView } from '@portal/shared';
import { layoutRack } from './rack-layout';

/** Height of one rack unit in the drawing, in pixels. */
const UNIT_PX = 14;

/** One rack, front view: unit numbers on the left, each placed asset over the units it fills. */
export const RackDrawing = ({ rack }: { rack: RackView }) => {
  const { t } = useTranslation('resources');
  const { placed, unplaced } = layoutRack(rack);
  return (
    <Card
      size="small"
      style={{ width: 250 }}
      data-testid={`rack-${rack.name}`}
      title={rack.name}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[rack.room, t('racks.units', { count: rack.units })].filter(Boolean).join(' · ')}
        </Typography.Text>
      }
    >
      {rack.assetId === null && (
        <Tag color="orange" style={{ marginBottom: 8 }}>
          {t('racks.notInInventory')}
        </Tag>
      )}
      <div
        role="img"
        aria-label={t('racks.drawing', { name: rack.name, count: placed.length })}
        style={{
          position: 'relative',
          height: rack.units * UNIT_PX,
          marginLeft: 28,
          border: '2px solid #595959',
          background: '#fafafa',
        }}
      >
        {Array.from({ length: rack.units }, (_, i) => (
          <div
            key={i}
            aria-hidden
            style={{
              position: 'absolute',
              left: -30,
              bottom: i * UNIT_PX,
              width: 26,
              height: UNIT_PX,
              fontSize: 9,
              lineHeight: `${UNIT_PX}px`,
              textAlign: 'right',
              color: '#8c8c8c',
            }}
          >
            {(i + 1) % 2 === 1 ? i + 1 : ''}
          </div>
        ))}
        {placed.map((p) => (
          <Tooltip
            key={p.id}
            title={`${p.name} · ${t(`type.${p.type}`)} · U${p.position}${p.units > 1 ? `-U${p.position + p.units - 1}` : ''}`}
          >
            <div
              data-testid={`rack-item-${p.name}`}
              style={{
                position: 'absolute',
                left: 2,
                right: 2,
                bottom: (p.position - 1) * UNIT_PX + 1,
                height: p.units * UNIT_PX - 2,
                background: p.clash ? '#fff1f0' : p.type === 'SERVER' ? '#e6f4ff' : '#f6ffed',
                border: `1px solid ${p.clash ? '#f5222d' : p.type === 'SERVER' ? '#1677ff' : '#52c41a'}`,
                borderRadius: 2,
                fontSize: 10,
                lineHeight: `${Math.min(p.units * UNIT_PX - 2, 16)}px`,
                padding: '0 4px',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                textOverflow: 'ellipsis',
              }}
            >
              {p.name}
            </div>
          </Tooltip>
        ))}
      </div>
      {placed.some((p) => p.clash) && (
        <Typography.Paragraph type="danger" style={{ fontSize: 12, margin: '8px 0 0' }}>
          {t('racks.clash')}
        </Typography.Paragraph>
      )}
      {unplaced.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
          {t('racks.unplaced', { names: unplaced.map((u) => u.name).join(', ') })}
        </Typography.Paragraph>
      )}
    </Card>
  );
};
