import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobAction } from '@portal/shared';

interface Props {
  actions: JobAction[];
  /** Seconds the time limit can still grow (null = no bound; 0 = extending is impossible). */
  extendable: number | null;
  /** The scheduler's answer is unknown: nothing can be done until it answers again. */
  disabled?: boolean;
  /** small: table rows, two buttons and the rest under "More"; middle: every action as a button. */
  size?: 'small' | 'middle';
  onRun: (action: JobAction) => void;
}

/** The actions a job offers; extend says why when it cannot be used. */
export const JobActionButtons = ({ actions, extendable, disabled = false, size = 'small', onRun }: Props) => {
  const { t } = useTranslation('jobs');
  if (!actions.length) return size === 'small' ? <span aria-hidden>-</span> : null;
  const cannot = (a: JobAction) => a === 'extend' && extendable === 0;
  const inline = size === 'small' ? actions.slice(0, 2) : actions;
  const more = size === 'small' ? actions.slice(2) : [];
  return (
    <Space size={size === 'small' ? 0 : 8} wrap>
      {inline.map((a) => {
        const button = (
          <Button
            key={a}
            type={size === 'small' ? 'link' : 'default'}
            size={size}
            danger={a === 'cancel'}
            disabled={disabled || cannot(a)}
            onClick={() => onRun(a)}
          >
            {t(`action.${a}`)}
          </Button>
        );
        return cannot(a) ? (
          <Tooltip key={a} title={t('extend.impossible')}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {more.length > 0 && (
        <Dropdown
          disabled={disabled}
          trigger={['click']}
          menu={{
            items: more.map((a) => ({
              key: a,
              label: cannot(a) ? `${t(`action.${a}`)} (${t('extend.impossible')})` : t(`action.${a}`),
              disabled: cannot(a),
              danger: a === 'rerun',
            })),
            onClick: ({ key }) => onRun(key as JobAction),
          }}
        >
          <Button type="link" size="small">
            {t('action.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
};
