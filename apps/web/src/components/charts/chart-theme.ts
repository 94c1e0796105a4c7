/** Chart constants of spec section 9. */

/** The 20-colour palette every chart draws its series from. */
export const CHART_COLORS = [
  '#1d4ed8',
  '#16a34a',
  '#f59e0b',
  '#dc2626',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#ea580c',
  '#4f46e5',
  '#0d9488',
  '#ca8a04',
  '#9333ea',
  '#2563eb',
  '#059669',
  '#e11d48',
  '#78716c',
  '#0284c7',
  '#a16207',
  '#be185d',
] as const;

export const CHART_HEIGHT = 400;
export const BAR_WIDTH = 30;
export const LINE_WIDTH = 2;
/** Top N of the queue and user rankings. */
export const TOP_N = 5;
/** Top N of the account ranking. */
export const TOP_ACCOUNTS = 10;
export const CHART_GRID = { left: 25, right: 25, bottom: 20, top: 50, containLabel: true } as const;
/** Axis labels longer than this are cut and end with an ellipsis. */
export const AXIS_LABEL_MAX = 5;
