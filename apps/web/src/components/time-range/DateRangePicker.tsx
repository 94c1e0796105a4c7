import { DatePicker, type GetProps } from 'antd';
import { isFutureDay } from './date-range';

type Props = Omit<GetProps<typeof DatePicker.RangePicker>, 'format' | 'disabledDate' | 'picker' | 'showTime'>;

/** Spec section 5: days as YYYY-MM-DD, no future days; the end cannot come before the start. */
export const DateRangePicker = (props: Props) => (
  <DatePicker.RangePicker {...props} format="YYYY-MM-DD" disabledDate={(d) => isFutureDay(d)} allowEmpty={[true, true]} />
);
