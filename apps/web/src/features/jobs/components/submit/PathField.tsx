import { FolderOpenOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PathPickerDialog } from './PathPickerDialog';
import { pathForField, startFolder } from './picker-paths';

interface Props {
  /** Set by Form.Item: the input is the field's labelled control. */
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  mode: 'folder' | 'file';
  clusterId?: string | undefined;
  /** Input files: the working directory, where the picker starts and paths are relative to. */
  workDir?: string | undefined;
  placeholder?: string;
}

/** A path typed in, or chosen with a picker that browses the user's folders on the cluster. */
export const PathField = ({ id, value, onChange, mode, clusterId, workDir, placeholder }: Props) => {
  const { t } = useTranslation('job-submit');
  const [open, setOpen] = useState(false);
  const start = mode === 'folder' ? startFolder(value) : (startFolder(workDir) ?? undefined);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} spellCheck={false} placeholder={placeholder} />
        <Button
          icon={<FolderOpenOutlined aria-hidden />}
          title={t(mode === 'folder' ? 'picker.folderTitle' : 'picker.fileTitle')}
          onClick={() => setOpen(true)}
        >
          {t('browse')}
        </Button>
      </Space.Compact>
      <PathPickerDialog
        open={open}
        mode={mode}
        clusterId={clusterId}
        start={start}
        onClose={() => setOpen(false)}
        onChoose={(path) => {
          onChange?.(mode === 'file' ? pathForField(path, workDir) : path);
          setOpen(false);
        }}
      />
    </>
  );
};
