import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commaListPattern, PagingInput, zBool, zInt, zList, zOptionalText } from './input.js';
import { EXIT_STATUSES, JOB_STATES } from './jobs.js';
import { patterns } from './validation.js';

/*
 * Request bodies arrive as JSON or as application/x-www-form-urlencoded, where every value is a
 * string. Each helper must accept both spellings and reject anything else.
 */

describe('zInt', () => {
  const schema = zInt();

  it.each<[input: unknown, expected: number]>([
    [0, 0],
    [5, 5],
    [-3, -3],
    [10002, 10002],
    ['0', 0],
    ['5', 5],
    ['-3', -3],
    ['007', 7],
    ['10002', 10002],
  ])('accepts %j as %d', (input, expected) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each<[input: unknown, why: string]>([
    [1.5, 'fractional number'],
    ['1.5', 'fractional string'],
    ['1.0', 'string with a decimal point'],
    ['abc', 'letters'],
    ['', 'empty string (form field left blank)'],
    [' 1', 'leading space'],
    ['1 ', 'trailing space'],
    ['+1', 'plus sign'],
    ['1e3', 'exponent'],
    ['0x10', 'hexadecimal'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'infinity'],
    [true, 'boolean'],
    [null, 'null'],
    [undefined, 'undefined'],
    [[1], 'array'],
    [{}, 'object'],
  ])('rejects %j (%s)', (input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe('zBool', () => {
  const schema = zBool();

  it.each<[input: unknown, expected: boolean]>([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
  ])('accepts %j as %s', (input, expected) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each<[input: unknown, why: string]>([
    ['yes', 'yes'],
    ['no', 'no'],
    ['TRUE', 'upper case'],
    ['True', 'capitalised'],
    ['on', 'checkbox "on"'],
    ['', 'empty string'],
    [' true', 'leading space'],
    ['2', 'other digit'],
    [1, 'number 1'],
    [0, 'number 0'],
    [null, 'null'],
    [undefined, 'undefined'],
  ])('rejects %j (%s)', (input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe('zOptionalText', () => {
  describe('without an inner schema', () => {
    const schema = zOptionalText();

    it.each<[input: unknown, expected: string | undefined]>([
      ['', undefined],
      [undefined, undefined],
      ['x', 'x'],
      ['some text', 'some text'],
      [' ', ' '],
    ])('reads %j as %j', (input, expected) => {
      expect(schema.parse(input)).toBe(expected);
    });

    it.each<[input: unknown, why: string]>([
      [5, 'number'],
      [null, 'null'],
      [false, 'boolean'],
      [['x'], 'array'],
    ])('rejects %j (%s)', (input) => {
      expect(schema.safeParse(input).success).toBe(false);
    });
  });

  describe('with an inner schema (optional phone number)', () => {
    const schema = zOptionalText(z.string().regex(patterns.mobilePhone));

    it.each<[input: unknown, expected: string | undefined]>([
      ['', undefined],
      [undefined, undefined],
      ['13812345678', '13812345678'],
    ])('reads %j as %j', (input, expected) => {
      expect(schema.parse(input)).toBe(expected);
    });

    it.each<[input: unknown, why: string]>([
      ['123', 'not a phone number'],
      ['12812345678', 'wrong second digit'],
      [' ', 'a blank is not empty'],
      [13812345678, 'number'],
    ])('rejects %j (%s)', (input) => {
      expect(schema.safeParse(input).success).toBe(false);
    });
  });

  describe('with a length limit', () => {
    const schema = zOptionalText(z.string().max(3));

    it('keeps text within the limit', () => {
      expect(schema.parse('abc')).toBe('abc');
    });
    it('rejects text over the limit', () => {
      expect(schema.safeParse('abcd').success).toBe(false);
    });
    it('still treats the empty string as not given', () => {
      expect(schema.parse('')).toBeUndefined();
    });
  });

  it('leaves a field absent from an object undefined', () => {
    const body = z.object({ descInfo: zOptionalText(z.string().max(128)) });
    expect(body.parse({})).toEqual({ descInfo: undefined });
    expect(body.parse({ descInfo: '' })).toEqual({ descInfo: undefined });
    expect(body.parse({ descInfo: 'hi' })).toEqual({ descInfo: 'hi' });
  });
});

describe('zList', () => {
  const schema = zList(z.string().regex(/^\w+$/));

  it.each<[input: unknown, expected: string[]]>([
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    [[], []],
    ['a,b', ['a', 'b']],
    ['a', ['a']],
    ['', []],
    ['a,,b,', ['a', 'b']],
    [',a', ['a']],
    ['gv1,gv2,gv10', ['gv1', 'gv2', 'gv10']],
  ])('reads %j as %j', (input, expected) => {
    expect(schema.parse(input)).toEqual(expected);
  });

  it.each<[input: unknown, why: string]>([
    ['a,b c', 'an item fails the item schema (form)'],
    ['a, b', 'space after the comma is part of the item'],
    [['a b'], 'an item fails the item schema (JSON)'],
    [[''], 'empty item in an array'],
    [[1, 2], 'numbers in an array'],
    [5, 'number'],
    [null, 'null'],
    [undefined, 'undefined'],
    [{ 0: 'a' }, 'object'],
  ])('rejects %j (%s)', (input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});

describe('PagingInput (spec section 9: default 25, pageStart 0)', () => {
  it('defaults to pageStart 0 and pageLimit 25', () => {
    expect(PagingInput.parse({})).toEqual({ pageStart: 0, pageLimit: 25 });
  });

  it('reads blank form fields as not given', () => {
    expect(PagingInput.parse({ pageStart: '', pageLimit: '' })).toEqual({ pageStart: 0, pageLimit: 25 });
  });

  it('defaults each field on its own', () => {
    expect(PagingInput.parse({ pageStart: 50 })).toEqual({ pageStart: 50, pageLimit: 25 });
    expect(PagingInput.parse({ pageLimit: 100 })).toEqual({ pageStart: 0, pageLimit: 100 });
  });

  it.each<[input: Record<string, unknown>, expected: { pageStart: number; pageLimit: number }]>([
    [
      { pageStart: 0, pageLimit: 1 },
      { pageStart: 0, pageLimit: 1 },
    ],
    [
      { pageStart: 10, pageLimit: 300 },
      { pageStart: 10, pageLimit: 300 },
    ],
    [
      { pageStart: '10', pageLimit: '50' },
      { pageStart: 10, pageLimit: 50 },
    ],
    [
      { pageStart: '0', pageLimit: '300' },
      { pageStart: 0, pageLimit: 300 },
    ],
    [{ pageStart: 1_000_000 }, { pageStart: 1_000_000, pageLimit: 25 }],
  ])('reads %j', (input, expected) => {
    expect(PagingInput.parse(input)).toEqual(expected);
  });

  it.each([15, 20, 25, 30, 35, 40, 45, 50, 75, 100, 200, 300])('accepts the page size option %d', (size) => {
    expect(PagingInput.parse({ pageLimit: size }).pageLimit).toBe(size);
    expect(PagingInput.parse({ pageLimit: String(size) }).pageLimit).toBe(size);
  });

  it.each<[input: Record<string, unknown>, why: string]>([
    [{ pageStart: -1 }, 'negative start'],
    [{ pageStart: '-1' }, 'negative start as a string'],
    [{ pageStart: 1.5 }, 'fractional start'],
    [{ pageStart: 'abc' }, 'letters'],
    [{ pageStart: null }, 'null start'],
    [{ pageLimit: 0 }, 'limit 0'],
    [{ pageLimit: '0' }, 'limit 0 as a string'],
    [{ pageLimit: -25 }, 'negative limit'],
    [{ pageLimit: 301 }, 'limit above 300'],
    [{ pageLimit: '301' }, 'limit above 300 as a string'],
    [{ pageLimit: 2.5 }, 'fractional limit'],
    [{ pageLimit: '25.0' }, 'decimal string'],
    [{ pageLimit: true }, 'boolean'],
  ])('rejects %j (%s)', (input) => {
    expect(PagingInput.safeParse(input).success).toBe(false);
  });
});

describe('commaListPattern', () => {
  it('accepts every word of the vocabulary and comma lists of them, and nothing else', () => {
    const states = commaListPattern(JOB_STATES);
    for (const s of JOB_STATES) expect(states.test(s)).toBe(true);
    expect(states.test(JOB_STATES.join(','))).toBe(true);
    for (const bad of ['', 'Z', 'Q,', ',Q', 'Q,,R', 'QR', 'q', 'Q R']) expect(states.test(bad), bad).toBe(false);
    const ends = commaListPattern(EXIT_STATUSES);
    expect(ends.test('complete,nodeAbnormal')).toBe(true);
    expect(ends.test('complete|fail')).toBe(false);
    expect(ends.test('completely')).toBe(false);
  });

  it('takes the words literally', () => {
    expect(commaListPattern(['a.b']).test('axb')).toBe(false);
    expect(commaListPattern(['a.b']).test('a.b')).toBe(true);
  });
});
