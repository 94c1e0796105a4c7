import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.js';

/*
 * Input helpers. Request bodies arrive as JSON or as application/x-www-form-urlencoded (legacy
 * clients), where every value is a string: these schemas accept both spellings.
 */

/** An integer given as a number or as a string of digits. */
export const zInt = () =>
  z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number),
    ])
    .pipe(z.number().int());

/** A boolean given as true/false, "true"/"false" or "1"/"0". */
export const zBool = () =>
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** An optional text where an empty string (as forms send it) means "not given". */
export const zOptionalText = <S extends z.ZodType<string, string>>(inner?: S) =>
  z
    .union([z.literal(''), inner ?? z.string()])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A list given as an array or, from a form, as one comma-separated string. */
export const zList = (item: z.ZodType<string, string>) =>
  z.union([
    z.array(item),
    z
      .string()
      .transform((s) => s.split(',').filter((x) => x.length > 0))
      .pipe(z.array(item)),
  ]);

/** pageStart (offset of the first row) and pageLimit, with the spec's defaults. */
/** An optional integer where a blank form field means "not given". */
const zOptionalInt = (range: z.ZodNumber) =>
  z
    .union([z.literal('').transform(() => undefined), zInt().pipe(range)])
    .optional()
    .transform((v) => v ?? undefined);

export const PagingInput = z.object({
  pageStart: zOptionalInt(z.number().int().min(0)).transform((v) => v ?? 0),
  pageLimit: zOptionalInt(z.number().int().min(1).max(MAX_PAGE_SIZE)).transform((v) => v ?? DEFAULT_PAGE_SIZE),
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A comma-separated list of words from a vocabulary, as a query string carries a multiple choice
 * ("Q,R"): derived from the vocabulary, so a new word is accepted the day it is added.
 */
export const commaListPattern = (words: readonly string[]): RegExp => {
  const word = `(${words.map(escapeRegExp).join('|')})`;
  return new RegExp(`^${word}(,${word})*$`);
};
