import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, type RoleName } from '@portal/shared';

/** A select of the portal's roles, by their translated names. */
export const RoleSelect = (props: SelectProps<number>) => {
  const { t } = useTranslation('common');
  return (
    <Select<number>
      {...props}
      options={(Object.entries(Role) as [RoleName, number][]).map(([name, id]) => ({ value: id, label: t(`role.${name}`) }))}
    />
  );
};
