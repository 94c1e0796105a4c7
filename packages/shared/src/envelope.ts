import { z } from 'zod';

/** The response envelope every JSON endpoint answers with. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    errCode: z.number().int(),
    errMsg: z.string(),
    data,
  });

/** The envelope with the spec's fields beside it (Contract.specFields), as documented. */
export const envelopeWithSpecFields = <T extends z.ZodType>(data: T, fields: readonly ('result' | 'msg')[]) =>
  envelope(data).extend({
    ...(fields.includes('result') ? { result: z.boolean().describe('true on success, false on an error (spec section 7)') } : {}),
    ...(fields.includes('msg') ? { msg: z.string().describe('errMsg again (spec section 7)') } : {}),
  });

/** `data` of an error envelope: a reason key plus optional details. */
export const ErrorData = z
  .object({
    reason: z.string(),
    /**
     * The fields at fault. `code` and `params`, when present, name the problem for a client to
     * translate at that field (job submission: queueUnknown, timeLimitOverMax, workDirUnusable, ...).
     */
    issues: z
      .array(
        z.object({
          path: z.string(),
          message: z.string(),
          code: z.string().optional(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional(),
  })
  .catchall(z.unknown());
export type ErrorData = z.infer<typeof ErrorData>;

/** Paged list returned by list endpoints: `pageStart` is the offset of the first row. */
export const Page = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int().nonnegative(), list: z.array(item) });

/** Paging parameters shared by list endpoints (spec section 9: default 25, pageStart 0). */
export const PAGE_SIZE_OPTIONS = [15, 20, 25, 30, 35, 40, 45, 50, 75, 100, 200, 300] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** The largest page a list call may ask for: the largest choice of the page-size menu. */
export const MAX_PAGE_SIZE = Math.max(...PAGE_SIZE_OPTIONS);
