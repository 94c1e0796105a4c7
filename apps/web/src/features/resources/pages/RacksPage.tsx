import { Alert, Card, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useRackList } from '../api/list-racks';
import { RackDrawing } from '../components/RackDrawing';

/** The rack view: every rack drawn with what sits where in it, from the assets' rack, position and height. */
const RacksPage = () => {
  const { t } = useTranslation('resources');
  const errorText = useErrorText();
  const racks = useRackList();
  return (
    <Card title={t('racks.title')}>
      {racks.isPending ? (
        <Spin />
      ) : racks.isError ? (
        <Alert type="error" showIcon message={errorText(racks.error)} />
      ) : racks.data.list.length === 0 ? (
        <Empty description={t('racks.empty')} />
      ) : (
        <Flex gap={16} wrap align="flex-start">
          {racks.data.list.map((r) => (
            <RackDrawing key={r.name} rack={r} />
          ))}
        </Flex>
      )}
    </Card>
  );
};

export default RacksPage;
