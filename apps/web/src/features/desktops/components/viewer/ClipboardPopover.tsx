import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  text: string;
  onChange(text: string): void;
  onSend(text: string): void;
  /** Observers send nothing to the desktop (the proxy would close on it). */
  canSend: boolean;
}

/** The desktop's clipboard: browsers do not let a page read the user's own, so the text goes through here. */
export const ClipboardPopover = ({ text, onChange, onSend, canSend }: Props) => {
  const { t } = useTranslation('desktops');
  const [open, setOpen] = useState(false);
  const content = (
    <Flex vertical gap={8} style={{ width: 340 }}>
      <Input.TextArea
        rows={6}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        aria-label={t('viewer.clipboard.label')}
        data-testid="desktop-clipboard"
        spellCheck={false}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {canSend ? t('viewer.clipboard.hint') : t('viewer.clipboard.viewOnly')}
      </Typography.Text>
      {canSend && (
        <Button
          type="primary"
          onClick={() => {
            onSend(text);
            setOpen(false);
          }}
        >
          {t('viewer.clipboard.send')}
        </Button>
      )}
    </Flex>
  );
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} content={content} placement="bottomRight">
      <Button size="small" icon={<CopyOutlined aria-hidden />}>
        {t('viewer.clipboard.action')}
      </Button>
    </Popover>
  );
};
