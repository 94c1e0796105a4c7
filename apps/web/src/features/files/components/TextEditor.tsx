import { App, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useSaveTextFile } from '../api/text-file';

interface Props {
  clusterId: string | undefined;
  path: string;
  content: string;
  mtime: string;
  readOnly: boolean;
  onReload: () => void;
  onDirty: (dirty: boolean) => void;
}

/**
 * A plain monospace editor. Saving sends the modification time the text was read at, so a file
 * changed by someone else meanwhile is not overwritten: the user is told and may reload it.
 */
export const TextEditor = ({ clusterId, path, content, mtime, readOnly, onReload, onDirty }: Props) => {
  const { t } = useTranslation('files');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const save = useSaveTextFile(clusterId);
  const [text, setText] = useState(content);
  const [base, setBase] = useState({ content, mtime });
  const dirty = text !== base.content;

  const onSave = () => {
    if (readOnly || save.isPending) return;
    save.mutate(
      { path, content: text, mtime: base.mtime },
      {
        onSuccess: (r) => {
          setBase({ content: text, mtime: r.mtime });
          onDirty(false);
          void message.success(t('editor.saved'));
        },
        onError: (err) => {
          if (err instanceof ApiError && err.reason === 'fileChanged')
            modal.confirm({
              title: t('editor.conflictTitle'),
              content: t('editor.conflict'),
              okText: t('editor.reload'),
              cancelText: t('editor.keepEditing'),
              onOk: onReload,
            });
          else void message.error(errorText(err));
        },
      },
    );
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
      <Input.TextArea
        aria-label={t('editor.content')}
        data-testid="text-editor"
        value={text}
        readOnly={readOnly}
        spellCheck={false}
        wrap="off"
        onChange={(e) => {
          setText(e.target.value);
          onDirty(e.target.value !== base.content);
        }}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
            e.preventDefault();
            onSave();
          }
        }}
        style={{ flex: 1, fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13, resize: 'none' }}
      />
      <Space style={{ justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          {readOnly ? t('editor.readOnly') : dirty ? t('editor.unsaved') : t('editor.clean')}
        </Typography.Text>
        {!readOnly && (
          <Button type="primary" onClick={onSave} loading={save.isPending} disabled={!dirty}>
            {t('action.save')}
          </Button>
        )}
      </Space>
    </div>
  );
};
