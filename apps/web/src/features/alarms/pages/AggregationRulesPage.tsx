import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { App, Button, Card, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AggregateRule } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import {
  aggregatedAlarmsOf,
  useAggregationRules,
  useDeleteAggregationRules,
  useSaveAggregationRule,
  useSortAggregationRules,
} from '../api/aggregation-rules';
import { aggregationRuleColumns, MOVE_ATTR } from '../components/aggregation-rule-columns';
import { dropRule, moveRuleBy, ruleInputOf } from '../components/aggregation-rule-model';
import { AggregationRuleFormDialog } from '../components/AggregationRuleFormDialog';
import { SortableTableRow } from '../components/SortableRows';

const CHECKING = 'aggregation-rule-check';
const CHANGING = 'aggregation-rule-change';
const SORTING = 'aggregation-rule-sort';

type MoveFocus = { id: number; dir: 'up' | 'down' };

/**
 * The move button to give the focus back to once its row has moved (moving a row can take the
 * focus away): the one pressed, or the other once the rule is first or last.
 */
const moveButton = ({ id, dir }: MoveFocus) => {
  const button = (d: string) => document.querySelector<HTMLButtonElement>(`button[${MOVE_ATTR}="${id}:${d}"]`);
  const same = button(dir);
  return same && !same.disabled ? same : button(dir === 'up' ? 'down' : 'up');
};

/**
 * Aggregate alarm rules (issue 16, docs/alarms.md "Aggregation"): the rules in scan order for
 * everyone who reads alarms; adding, changing, sorting (by dragging, or the move buttons),
 * enabling, disabling and deleting for those who manage them. Disabling or deleting a rule says
 * first how many real-time aggregated alarms it removes (spec section 4).
 */
const AggregationRulesPage = () => {
  const { t } = useTranslation('alarm-aggregation');
  const { t: tr } = useTranslation('resources');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const manage = useCan()('alarms:manage');
  const [editing, setEditing] = useState<AggregateRule | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [moveFocus, setMoveFocus] = useState<MoveFocus | null>(null);
  const list = useAggregationRules();
  const save = useSaveAggregationRule();
  const remove = useDeleteAggregationRules();
  const sort = useSortAggregationRules();
  const rules = list.data?.list ?? [];
  const ids = rules.map((r) => r.id);
  const order = ids.join(',');

  // After a move with its button, the focus follows the rule to its new place.
  useEffect(() => {
    if (!moveFocus) return;
    const button = moveButton(moveFocus);
    if (button && document.activeElement !== button) button.focus();
  }, [moveFocus, order]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** Saves a new scan order (every rule's id); the list shows it at once and goes back on a refusal. */
  const sortTo = (next: number[]) => {
    void message.open({ key: SORTING, type: 'loading', content: t('sorting'), duration: 0 });
    sort.mutate(next, {
      onSuccess: () => void message.open({ key: SORTING, type: 'success', content: t('sorted') }),
      onError: (e) => void message.open({ key: SORTING, type: 'error', content: errorText(e) }),
    });
  };

  const move = (x: AggregateRule, delta: -1 | 1) => {
    // One new order at a time: the buttons stay enabled (and focused) while one is saved.
    const next = sort.isPending ? null : moveRuleBy(ids, x.id, delta);
    if (!next) return;
    setMoveFocus({ id: x.id, dir: delta < 0 ? 'up' : 'down' });
    sortTo(next);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setMoveFocus(null);
    const next = dropRule(ids, Number(active.id), over ? Number(over.id) : null);
    if (next) sortTo(next);
  };

  /** How many real-time aggregated alarms the rule has, asked of the server with a loading text; null when that failed. */
  const check = async (x: AggregateRule): Promise<number | null> => {
    setBusy(x.id);
    void message.open({ key: CHECKING, type: 'loading', content: t('checking'), duration: 0 });
    try {
      const count = await aggregatedAlarmsOf([x.id]);
      message.destroy(CHECKING);
      return count;
    } catch (e) {
      void message.open({ key: CHECKING, type: 'error', content: errorText(e) });
      return null;
    } finally {
      setBusy(null);
    }
  };

  const setEnabled = async (x: AggregateRule, enabled: boolean) => {
    setBusy(x.id);
    void message.open({ key: CHANGING, type: 'loading', content: t('saving'), duration: 0 });
    try {
      await save.mutateAsync({ id: x.id, body: ruleInputOf(x, { enabled }) });
      void message.open({
        key: CHANGING,
        type: 'success',
        content: t(enabled ? 'enabledDone' : 'disabledDone', { name: x.name }),
      });
    } catch (e) {
      void message.open({ key: CHANGING, type: 'error', content: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  // Spec section 4: enabling asks confirmation; disabling too, saying which aggregated alarms go.
  const confirmToggle = async (x: AggregateRule, enabled: boolean) => {
    const count = enabled ? 0 : await check(x);
    if (count === null) return;
    void modal.confirm({
      title: t(enabled ? 'enableConfirm' : 'disableConfirm', { name: x.name }),
      content: enabled ? t('enableHint') : t('disableHint', { count }),
      okText: t(enabled ? 'enable' : 'disable'),
      okButtonProps: enabled ? {} : { danger: true },
      onOk: () => setEnabled(x, enabled),
    });
  };

  const deleteRule = async (x: AggregateRule) => {
    setBusy(x.id);
    void message.open({ key: CHANGING, type: 'loading', content: t('deleting'), duration: 0 });
    try {
      await remove.mutateAsync([x.id]);
      void message.open({ key: CHANGING, type: 'success', content: t('deleted', { name: x.name }) });
    } catch (e) {
      void message.open({ key: CHANGING, type: 'error', content: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  // Spec sections 4 and 8: deleting warns what goes with the rule.
  const confirmDelete = async (x: AggregateRule) => {
    const count = await check(x);
    if (count === null) return;
    void modal.confirm({
      title: t('deleteConfirm', { name: x.name }),
      content: t('deleteHint', { count }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      onOk: () => deleteRule(x),
    });
  };

  const columns = aggregationRuleColumns(
    t,
    tr,
    manage
      ? {
          onEdit: (x) => setEditing(x),
          onDelete: (x) => void confirmDelete(x),
          onToggle: (x, on) => void confirmToggle(x, on),
          onMove: move,
          busy,
        }
      : null,
    rules.length,
  );

  const nameOf = (id: UniqueIdentifier) => rules.find((r) => r.id === Number(id))?.name ?? String(id);
  const placeOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.pickedUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('dnd.over', { name: nameOf(active.id), place: placeOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? t('dnd.dropped', { name: nameOf(active.id), place: placeOf(over.id) })
        : t('dnd.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('dnd.cancelled', { name: nameOf(active.id) }),
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {t('add')}
    </Button>
  );

  const table = (
    <Table<AggregateRule>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rules}
      loading={list.isFetching && !sort.isPending}
      pagination={false}
      scroll={{ x: 'max-content' }}
      components={manage ? { body: { row: SortableTableRow } } : undefined}
      locale={{
        emptyText: list.isError ? (
          errorText(list.error)
        ) : list.isPending ? (
          ' '
        ) : (
          <FilteredEmpty filtered={false} emptyText={t('empty')} action={manage ? addButton : undefined} />
        ),
      }}
    />
  );

  return (
    // The add button stands in the empty list's place when there are no rules yet.
    <Card title={t('title')} extra={manage && !(list.isSuccess && rules.length === 0) && addButton}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {manage ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={sort.isPending}>
            {table}
          </SortableContext>
        </DndContext>
      ) : (
        table
      )}
      {editing && <AggregationRuleFormDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
};

export default AggregationRulesPage;
