import { Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@portal/shared';
import { BITS, OCTAL_MODE, WHO, bitsOf, modeOf, specialDigit, type Bit, type Who } from '../lib/chmod-bits';

interface Props {
  entry: FileEntry;
  loading: boolean;
  onOk: (mode: string) => void;
  onCancel: () => void;
}

/** Permissions as octal text and as rwx boxes; each follows the other. */
export const ChmodDialog = ({ entry, loading, onOk, onCancel }: Props) => {
  const { t } = useTranslation('files');
  const [mode, setMode] = useState(entry.mode);
  const valid = OCTAL_MODE.test(mode);
  const bits = bitsOf(valid ? mode : entry.mode);
  const toggle = (who: Who, bit: Bit, on: boolean) =>
    setMode(modeOf({ ...bits, [who]: { ...bits[who], [bit]: on } }, specialDigit(mode)));

  return (
    <Modal
      open
      title={t('chmod.title', { name: entry.name })}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      okButtonProps={{ disabled: !valid }}
      confirmLoading={loading}
      onOk={() => onOk(mode)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => valid && onOk(mode)}>
        <Form.Item
          htmlFor="chmod-octal"
          label={t('chmod.octal')}
          validateStatus={valid ? '' : 'error'}
          help={valid ? undefined : t('chmod.invalid')}
        >
          <Input
            id="chmod-octal"
            autoFocus
            value={mode}
            maxLength={4}
            inputMode="numeric"
            onChange={(e) => setMode(e.target.value.trim())}
            onPressEnter={() => valid && onOk(mode)}
            style={{ width: 120, fontFamily: 'monospace' }}
          />
        </Form.Item>
        <table aria-label={t('chmod.bits')} style={{ borderSpacing: '16px 6px', marginLeft: -16 }}>
          <thead>
            <tr>
              <th />
              {BITS.map((b) => (
                <th key={b} scope="col">
                  {t(`chmod.bit.${b}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WHO.map((who) => (
              <tr key={who}>
                <th scope="row" style={{ textAlign: 'left' }}>
                  {t(`chmod.who.${who}`)}
                </th>
                {BITS.map((b) => (
                  <td key={b} style={{ textAlign: 'center' }}>
                    <Checkbox
                      aria-label={`${t(`chmod.who.${who}`)} ${t(`chmod.bit.${b}`)}`}
                      checked={bits[who][b]}
                      disabled={!valid}
                      onChange={(e) => toggle(who, b, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Form>
    </Modal>
  );
};
