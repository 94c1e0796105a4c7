import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_MAX, filterProblem } from './report-filters';

interface Props {
  id: string;
  value: string;
  width: number;
  onApply: (user: string) => void;
}

/**
 * A user name, applied with Enter or on leaving the field (typing alone does not reload the page);
 * a name the API would refuse says why instead.
 */
export const UserFilter = ({ id, value, width, onApply }: Props) => {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // A new address (Reset, back, a link) shows its own user.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const problem = filterProblem(draft);
  const apply = () => {
    if (!problem && draft.trim() !== value) onApply(draft.trim());
  };
  return (
    <Form.Item
      label={t('filter.user')}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? t(`filter.${problem}`, { max: FILTER_MAX }) : undefined}
    >
      <Input
        id={id}
        aria-label={t('filter.user')}
        placeholder={t('filter.anyUser')}
        allowClear
        value={draft}
        style={{ width }}
        onChange={(e) => {
          setDraft(e.target.value);
          // The clear button empties the field: the filter goes with it.
          if (e.type !== 'change' && e.target.value === '') onApply('');
        }}
        onPressEnter={apply}
        onBlur={apply}
      />
    </Form.Item>
  );
};
