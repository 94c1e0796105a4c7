import { Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/errors';
import { useMyUserInfo } from '../../api/query-user-info';

/** The caller's groups, company and department (queryUserInfo). */
export const UserInfoCard = () => {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const info = useMyUserInfo();
  if (info.isError) return <p role="alert">{errorText(info.error)}</p>;
  if (!info.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const d = info.data;
  const none = t('mine.none');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'mainGroup', label: t('mine.mainGroup'), children: d.mainGroup || none },
        {
          key: 'subsidiary',
          label: t('mine.subsidiaryGroup'),
          children: d.subsidiaryGroup.length ? d.subsidiaryGroup.map((g) => <Tag key={g}>{g}</Tag>) : none,
        },
        { key: 'group', label: t('mine.group'), children: d.groupName || none },
        { key: 'company', label: t('mine.company'), children: d.company || none },
        { key: 'department', label: t('mine.department'), children: d.department || none },
      ]}
    />
  );
};
