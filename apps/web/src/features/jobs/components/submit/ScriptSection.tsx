import { Alert, Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScriptEditor } from './ScriptEditor';
import { placeholdersOf } from './template-fill';

interface Props {
  script: string;
  /** The user changed the script by hand: the template no longer rewrites it. */
  edited: boolean;
  onChange: (script: string) => void;
  onReset: () => void;
}

/** The job script: filled from the template as the form changes, until the user edits it. */
export const ScriptSection = ({ script, edited, onChange, onReset }: Props) => {
  const { t } = useTranslation('job-submit');
  const unfilled = placeholdersOf(script);
  return (
    <section aria-labelledby="submit-script">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} id="submit-script">
          {t('section.script')}
        </Typography.Title>
        <Button size="small" disabled={!edited} onClick={onReset}>
          {t('script.reset')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {edited ? t('script.editedHint') : t('script.hint')}
      </Typography.Paragraph>
      {unfilled.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('script.unfilled', { names: unfilled.join(', ') })} />
      )}
      <Form.Item
        htmlFor="submit-script-editor"
        validateStatus={script.trim() ? undefined : 'error'}
        help={script.trim() ? undefined : t('script.required')}
      >
        <ScriptEditor id="submit-script-editor" value={script} onChange={onChange} label={t('section.script')} />
      </Form.Item>
    </section>
  );
};
