import { describe, expect, it } from 'vitest';
import { alarmTemplatesModify, TemplateInput, type Template } from '@portal/shared';
import {
  newIndicator,
  nextSeverity,
  templateInputOf,
  toTemplateInput,
  valuesOf,
  type TemplateValues,
} from './template-form-model';

const TEMPLATE: Template = {
  id: 7,
  name: 'compute nodes',
  kind: 'custom',
  resourceType: 'SERVER',
  description: 'CPU and temperature',
  enabled: true,
  resourceCount: 2,
  indicators: [
    {
      id: 1,
      metric: 'cpu.usage',
      unit: 'percent',
      alarmCount: 3,
      recoveryCount: 2,
      noDataCount: null,
      levels: [
        { severity: 'critical', op: '>', value: 95 },
        { severity: 'major', op: '>=', value: 80 },
      ],
    },
    {
      id: 2,
      metric: 'hardware.temperature',
      unit: 'celsius',
      alarmCount: 1,
      recoveryCount: 1,
      noDataCount: 5,
      levels: [{ severity: 'warning', op: 'out', low: 10, high: 70 }],
    },
  ],
  updatedAt: '2026-03-01T08:00:00.000Z',
  updatedBy: 'admin',
};

describe('the template form', () => {
  it('starts a new template as a custom one of servers with one indicator to fill in', () => {
    const v = valuesOf(null);
    expect(v).toMatchObject({ name: '', kind: 'custom', resourceType: 'SERVER', enabled: true, resources: [] });
    expect(v.indicators).toEqual([newIndicator()]);
    expect(newIndicator()).toEqual({
      metric: undefined,
      alarmCount: 1,
      recoveryCount: 1,
      noDataCount: null,
      levels: [{ severity: 'major', op: '>', value: null }],
    });
  });

  it('starts an existing template from its fields, resources and indicators, and sends them back unchanged', () => {
    const v = valuesOf(TEMPLATE, [11, 12]);
    expect(v.resources).toEqual([11, 12]);
    expect(v.indicators[1]?.levels).toEqual([{ severity: 'warning', op: 'out', low: 10, high: 70 }]);
    const body = toTemplateInput(v);
    expect(body).toEqual({
      name: 'compute nodes',
      kind: 'custom',
      resourceType: 'SERVER',
      description: 'CPU and temperature',
      enabled: true,
      resources: [11, 12],
      indicators: [
        {
          metric: 'cpu.usage',
          alarmCount: 3,
          recoveryCount: 2,
          noDataCount: null,
          levels: [
            { severity: 'critical', op: '>', value: 95 },
            { severity: 'major', op: '>=', value: 80 },
          ],
        },
        {
          metric: 'hardware.temperature',
          alarmCount: 1,
          recoveryCount: 1,
          noDataCount: 5,
          levels: [{ severity: 'warning', op: 'out', low: 10, high: 70 }],
        },
      ],
    });
    expect(TemplateInput.safeParse(body).success).toBe(true);
  });

  it('sends a comparison with its value only and a range with its bounds only, whatever the form kept', () => {
    const v: TemplateValues = {
      name: '  gpu  ',
      kind: 'custom',
      resourceType: 'SERVER',
      description: ' ',
      enabled: false,
      resources: [],
      indicators: [
        {
          metric: 'gpu.temperature',
          alarmCount: 2,
          recoveryCount: 4,
          noDataCount: undefined,
          // The op changed after the other fields were typed: the form keeps them all.
          levels: [
            { severity: 'critical', op: 'in', value: 5, low: 85, high: 120 },
            { severity: 'minor', op: '!=', value: 0, low: 1, high: 2 },
          ],
        },
      ],
    };
    const body = toTemplateInput(v);
    expect(body.name).toBe('gpu');
    expect(body.description).toBe('');
    expect(body.indicators?.[0]).toEqual({
      metric: 'gpu.temperature',
      alarmCount: 2,
      recoveryCount: 4,
      noDataCount: null,
      levels: [
        { severity: 'critical', op: 'in', low: 85, high: 120 },
        { severity: 'minor', op: '!=', value: 0 },
      ],
    });
    expect(TemplateInput.parse(body)).toMatchObject({ enabled: false, indicators: [{ noDataCount: null }] });
  });

  it('sends a silent template without indicators, whatever the form held for a custom one', () => {
    const body = toTemplateInput({ ...valuesOf(TEMPLATE, [3]), kind: 'silent' });
    expect(body.indicators).toEqual([]);
    expect(TemplateInput.safeParse(body).success).toBe(true);
  });

  it('leaves a blank level value out, so the contract refuses it as the form does', () => {
    const body = toTemplateInput({ ...valuesOf(null), name: 'x', indicators: [{ ...newIndicator(), metric: 'cpu.usage' }] });
    expect(body.indicators?.[0]?.levels).toEqual([{ severity: 'major', op: '>', value: undefined }]);
    expect(TemplateInput.safeParse(body).success).toBe(false);
  });

  it('turns a template into the modify body with one field changed (the state switch)', () => {
    const body = { ...templateInputOf(TEMPLATE, [11, 12], { enabled: false }), id: TEMPLATE.id };
    expect(body).toMatchObject({ id: 7, enabled: false, resources: [11, 12], name: 'compute nodes' });
    expect(body.indicators).toHaveLength(2);
    expect(alarmTemplatesModify.body?.safeParse(body).success).toBe(true);
  });

  it('gives a new level the most severe level not used yet', () => {
    expect(nextSeverity([])).toBe('critical');
    expect(nextSeverity([{ severity: 'critical' }, { severity: 'minor' }])).toBe('major');
    expect(nextSeverity([{ severity: 'critical' }, { severity: 'major' }, { severity: 'minor' }])).toBe('warning');
    expect(
      nextSeverity([{ severity: 'critical' }, { severity: 'major' }, { severity: 'minor' }, { severity: 'warning' }]),
    ).toBeUndefined();
  });
});
