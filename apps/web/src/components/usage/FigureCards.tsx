import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageFigures } from '@portal/shared';
import { formatHours, formatSeconds, type HourUnits } from './usage-format';

/** A card after the usage figures (a bill's amount). */
export interface ExtraFigure {
  key: string;
  title: string;
  value: string;
}

/** The cards' names, in the page's words ("Jobs ended", "Jobs billed"), and the exact seconds' line. */
export interface FigureLabels {
  jobs: string;
  coreHours: string;
  cardHours: string;
  seconds: (exact: string) => string;
}

interface Props {
  labels: FigureLabels;
  figures: UsageFigures | undefined;
  units: HourUnits;
  loading: boolean;
  /** Each card's test id is this prefix and its key. */
  testIdPrefix: string;
  more?: ExtraFigure[] | undefined;
}

/** Jobs, core-hours and card-hours (with the exact seconds they come from) as a row of cards, and any more figures. */
export const FigureCards = ({ labels, figures, units, loading, testIdPrefix, more = [] }: Props) => {
  const { i18n } = useTranslation();
  const seconds = (s: number | undefined) =>
    s === undefined ? null : (
      <Typography.Text type="secondary">{labels.seconds(formatSeconds(s, i18n.language))}</Typography.Text>
    );
  const cards: (ExtraFigure & { extra: ReactNode })[] = [
    { key: 'jobs', title: labels.jobs, value: figures ? String(figures.jobs) : '-', extra: null },
    {
      key: 'coreHours',
      title: labels.coreHours,
      value: figures ? formatHours(figures.coreSeconds, units) : '-',
      extra: seconds(figures?.coreSeconds),
    },
    {
      key: 'cardHours',
      title: labels.cardHours,
      value: figures ? formatHours(figures.cardSeconds, units) : '-',
      extra: seconds(figures?.cardSeconds),
    },
    ...more.map((c) => ({ ...c, extra: null })),
  ];
  // Three cards share a row from small screens up; four go two by two, then four in a row.
  const four = cards.length > 3;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.key} xs={24} sm={four ? 12 : 8} lg={four ? 6 : 8}>
          <Card size="small" data-testid={`${testIdPrefix}${c.key}`}>
            <Statistic title={c.title} value={c.value} loading={loading && !figures} />
            {c.extra}
          </Card>
        </Col>
      ))}
    </Row>
  );
};
