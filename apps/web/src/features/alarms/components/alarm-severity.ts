import type { AlarmSeverity } from '@portal/shared';
import { SEVERITY_COLORS } from './levels';

/*
 * The spec's alarm colours by level (section 9): tags in the same antd palettes as the threshold
 * templates' levels (levels.ts), and the palettes' 6th shades where a colour is drawn, not written
 * (the counts' edges, the threshold line on the snapshot chart).
 */

export const SEVERITY_TAG_COLORS: Record<AlarmSeverity, string> = SEVERITY_COLORS;

const SHADE_6: Record<string, string> = {
  blue: '#1677ff',
  gold: '#faad14',
  orange: '#fa8c16',
  red: '#f5222d',
};

/** The level's colour as a line or an edge. */
export const severityLineColor = (s: AlarmSeverity): string => SHADE_6[SEVERITY_COLORS[s]] ?? '#8c8c8c';
