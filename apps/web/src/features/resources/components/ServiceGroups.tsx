import { Flex, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceState, ServiceStatus, ServiceStatusGroups } from '@portal/shared';
import { SERVICE_STATE_COLORS, groupViews } from './service-groups';

const LIST: CSSProperties = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 };
/** The same states as solid fills for an item's left border, as the node tiles have. */
const FILLS: Record<ServiceState, string> = { running: '#52c41a', stop: '#f5222d' };

const StateTag = ({ state, small }: { state: ServiceState; small?: boolean }) => {
  const { t } = useTranslation('resources');
  return (
    <Tag
      color={SERVICE_STATE_COLORS[state]}
      variant={small ? 'filled' : 'outlined'}
      style={{ marginInlineEnd: 0, ...(small ? { fontSize: 11, lineHeight: '18px', paddingInline: 5 } : {}) }}
    >
      {t(`services.state.${state}`)}
    </Tag>
  );
};

/** One checked service: its state, where it runs, and each sub-service with what its check saw. */
const ServiceItem = ({ service }: { service: ServiceStatus }) => (
  <li
    data-testid={`service-${service.metricId}`}
    style={{
      border: '1px solid rgba(5, 5, 5, 0.12)',
      borderLeft: `4px solid ${FILLS[service.serviceStatus]}`,
      borderRadius: 6,
      padding: '6px 8px',
    }}
  >
    <Flex gap={6} align="center" wrap>
      <StateTag state={service.serviceStatus} />
      <Typography.Text strong>{service.resName}</Typography.Text>
      <Typography.Text type="secondary">{service.serviceName}</Typography.Text>
    </Flex>
    <ul style={{ ...LIST, gap: 2, marginTop: 4 }}>
      {service.metricValue.map((m) => (
        <li key={m.subServiceName} style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          <StateTag state={m.subServiceStatus} small />{' '}
          <Typography.Text style={{ fontSize: 12 }}>{m.subServiceName}</Typography.Text>
          {/* Machine output (an SSH banner, a clock offset, an error), shown as the server wrote it. */}
          {m.detail && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`: ${m.detail}`}</Typography.Text>}
        </li>
      ))}
    </ul>
  </li>
);

/** The five groups side by side on a wide screen, one under the other on a phone; an empty group says why. */
export const ServiceGroups = ({ groups }: { groups: ServiceStatusGroups }) => {
  const { t } = useTranslation('resources');
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))', gap: 16 }}>
      {groupViews(groups).map(({ group, items, stopped }) => (
        <section key={group} aria-labelledby={`services-${group}`} data-testid={`service-group-${group}`}>
          <Flex gap={6} align="center" wrap style={{ marginBottom: 8 }}>
            <Typography.Text strong id={`services-${group}`}>
              {t(`services.group.${group}`)}
            </Typography.Text>
            {stopped > 0 && (
              <Tag color="red" style={{ marginInlineEnd: 0 }}>
                {t('services.stopped', { count: stopped })}
              </Tag>
            )}
          </Flex>
          {items.length === 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`services.empty.${group}`)}
            </Typography.Text>
          ) : (
            <ul style={LIST}>
              {items.map((s) => (
                <ServiceItem key={s.metricId} service={s} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
};
