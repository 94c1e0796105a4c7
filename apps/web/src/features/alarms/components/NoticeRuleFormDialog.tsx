import { TeamOutlined } from '@ant-design/icons';
import { App, Button, Col, Divider, Flex, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTICE_INTERVAL_MAX,
  NOTICE_RULE_TYPES,
  NOTICE_WEIGHT_MAX,
  NOTICE_WEIGHT_MIN,
  type NoticeRule,
  type NoticeRuleType,
  type NoticeUser,
} from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useSaveNoticeRule } from '../api/notices';
import {
  addContacts,
  contentPlaceholders,
  contactProblem,
  contactItems,
  contactsOfUsers,
  fieldRefusalsOf,
  intervalAdvice,
  noticeValuesOf,
  toNoticeInput,
  type ContactKind,
  type NoticeRuleValues,
} from './notice-rule-model';
import { NoticeUserPicker } from './NoticeUserPicker';
import { NoticeScopeFields } from './NoticeScopeFields';

const NAME_MAX = 64;
const CONTENT_MAX = 2000;
const SAVING = 'notice-rule-save';

/**
 * Adds a notification rule or changes one (spec sections 3 and 5): its name, type and what the
 * type needs (assets, asset types, levels, or a duration with its level), interval (advice, not a
 * rule, below two hours), weight, state, text, and its contacts. The contacts ("alarm contacts
 * configuration" of spec section 2) belong to the rule in the API: they are edited here, typed or
 * picked from the portal's users, rather than on a page of their own. A refusal of the server is
 * said at its field (or as a message) and the dialog stays open with everything typed.
 */
export const NoticeRuleFormDialog = ({ rule, onClose }: { rule: NoticeRule | null; onClose: () => void }) => {
  const { t } = useTranslation('alarm-notices');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<NoticeRuleValues>();
  const save = useSaveNoticeRule();
  const [initial] = useState(() => noticeValuesOf(rule));
  const [picking, setPicking] = useState(false);
  const type: NoticeRuleType = Form.useWatch('type', form) ?? initial.type;
  const interval = Form.useWatch('interval', form) as number | null | undefined;
  const id = rule?.id ?? null;

  const submit = (v: NoticeRuleValues) => {
    void message.open({ key: SAVING, type: 'loading', content: t('saving'), duration: 0 });
    save.mutate(
      { id, body: toNoticeInput(v, rule?.scope) },
      {
        onSuccess: (saved) => {
          void message.open({ key: SAVING, type: 'success', content: t('saved', { name: saved.name }) });
          onClose();
        },
        onError: (e) => {
          // The fields the server blames say why; the message says it too (a field may be out of sight).
          const refusals = fieldRefusalsOf(e);
          form.setFields(
            refusals.map((r) => ({
              name: r.field,
              errors: [r.key ? t(r.key, { items: r.text, max: NOTICE_INTERVAL_MAX }) : r.text],
            })),
          );
          const first = refusals[0];
          void message.open({
            key: SAVING,
            type: 'error',
            content: first
              ? first.key
                ? t(first.key, { items: first.text, max: NOTICE_INTERVAL_MAX })
                : first.text
              : errorText(e),
          });
        },
      },
    );
  };

  const contactRule = (kind: ContactKind) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const problem = contactProblem(kind, value ?? '');
      if (problem) throw new Error(t(problem.key, problem.params));
      // Spec section 5: someone to tell: an email address or a phone number at least (said under the emails).
      const other = (form.getFieldValue(kind === 'emails' ? 'phones' : 'emails') as string | undefined) ?? '';
      if (kind === 'emails' && contactItems(value ?? '').length + contactItems(other).length === 0)
        throw new Error(t('form.contactsRequired'));
    },
  });

  const pick = (users: NoticeUser[]) => {
    const { emails, phones } = contactsOfUsers(users);
    const v = form.getFieldsValue(['emails', 'phones']) as Pick<NoticeRuleValues, 'emails' | 'phones'>;
    form.setFieldsValue({ emails: addContacts(v.emails, emails), phones: addContacts(v.phones, phones) });
    void form.validateFields(['emails', 'phones']).catch(() => {});
    setPicking(false);
  };

  const insertPlaceholder = (p: string) => {
    const content = (form.getFieldValue('content') as string | undefined) ?? '';
    form.setFieldValue('content', content + p);
  };

  const advice = intervalAdvice(interval);

  return (
    <Modal
      open
      title={rule ? t('form.titleEdit', { name: rule.name }) : t('form.titleAdd')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then(submit, () => {})}
      width={880}
      destroyOnHidden
      // Spec section 9's advice is a warning of the interval's validation: a rule saved with a short
      // interval shows it once the dialog is open (its fields exist then), rather than neither the
      // advice nor the help, which gives way to it.
      afterOpenChange={(opened) => {
        if (opened && intervalAdvice(form.getFieldValue('interval') as number | null))
          void form.validateFields(['interval']).catch(() => {});
      }}
    >
      <Form<NoticeRuleValues> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="name"
              label={t('form.name')}
              rules={[
                { required: true, whitespace: true, message: t('form.nameRequired') },
                { max: NAME_MAX, message: t('form.nameTooLong') },
              ]}
            >
              {/* No maxLength: a longer name is refused with the spec's text rather than cut. */}
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={18} md={10}>
            <Form.Item name="type" label={t('form.type')} extra={t(`typeHelp.${type}`)}>
              <Select options={NOTICE_RULE_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={6} md={4}>
            <Form.Item name="active" label={t('form.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="interval"
              label={t('form.interval')}
              extra={advice ? undefined : t('form.intervalHelp')}
              rules={[
                { required: true, message: t('form.intervalRequired') },
                {
                  type: 'integer',
                  min: 1,
                  max: NOTICE_INTERVAL_MAX,
                  message: t('form.intervalRange', { max: NOTICE_INTERVAL_MAX }),
                },
                {
                  // Spec section 9: over an hour advised, over two best; a warning, never a refusal.
                  warningOnly: true,
                  validator: async (_: unknown, v: number | null | undefined) => {
                    const a = intervalAdvice(v);
                    if (a) throw new Error(t(a === 'short' ? 'form.intervalShort' : 'form.intervalFair'));
                  },
                },
              ]}
            >
              <InputNumber
                min={1}
                max={NOTICE_INTERVAL_MAX}
                precision={0}
                style={{ width: 180 }}
                suffix={t('form.minutesUnit')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="weight"
              label={t('form.weight')}
              extra={t('form.weightHelp')}
              rules={[
                { required: true, message: t('form.weightRange') },
                { type: 'integer', min: NOTICE_WEIGHT_MIN, max: NOTICE_WEIGHT_MAX, message: t('form.weightRange') },
              ]}
            >
              <InputNumber min={NOTICE_WEIGHT_MIN} max={NOTICE_WEIGHT_MAX} precision={0} style={{ width: 140 }} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('form.scope')}
        </Divider>
        <NoticeScopeFields type={type} form={form} />
        <Divider titlePlacement="start" plain>
          {t('form.contacts')}
        </Divider>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('form.contactsHelp')}</Typography.Text>
          <Button icon={<TeamOutlined aria-hidden />} onClick={() => setPicking(true)}>
            {t('form.pickUsers')}
          </Button>
        </Flex>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="emails" label={t('form.emails')} dependencies={['phones']} rules={[contactRule('emails')]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('form.emailsPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phones" label={t('form.phones')} rules={[contactRule('phones')]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('form.phonesPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="content"
          label={t('form.content')}
          extra={t('form.contentHelp')}
          rules={[{ max: CONTENT_MAX, message: t('form.contentTooLong', { max: CONTENT_MAX }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('form.contentPlaceholder')} />
        </Form.Item>
        <Flex gap={4} wrap align="center" style={{ marginTop: -8 }}>
          <Typography.Text type="secondary">{t('form.placeholders')}</Typography.Text>
          {contentPlaceholders(type).map((p) => (
            <Button
              key={p}
              size="small"
              aria-label={t('form.insertPlaceholder', { placeholder: p })}
              onClick={() => insertPlaceholder(p)}
            >
              {p}
            </Button>
          ))}
        </Flex>
      </Form>
      {picking && <NoticeUserPicker onPick={pick} onClose={() => setPicking(false)} />}
    </Modal>
  );
};
