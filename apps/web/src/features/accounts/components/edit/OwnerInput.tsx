import { AutoComplete } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../lib/session';
import { useUserSuggestions } from '../../api/search-users';

interface Props {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  placeholder?: string;
  'aria-label'?: string;
}

/** A user name, with matching active users suggested to those who may list users. */
export const OwnerInput = ({ value, onChange, placeholder, ...rest }: Props) => {
  const { t } = useTranslation('accounts');
  const can = useCan();
  const text = useDeferredValue((value ?? '').trim());
  const suggestions = useUserSuggestions(text, can('users:manage'));
  return (
    <AutoComplete
      {...rest}
      value={value}
      onChange={(v: string) => onChange?.(v)}
      placeholder={placeholder ?? t('userNamePlaceholder')}
      options={(suggestions.data ?? []).map((name) => ({ value: name }))}
      maxLength={64}
    />
  );
};
