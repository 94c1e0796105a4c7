import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  noticesCreate,
  noticesDelete,
  noticesEmailContent,
  noticesEmailRecords,
  noticesList,
  noticesModify,
  noticesSmsRecords,
  noticesUsers,
  type NoticeRuleInput,
  type NoticeRuleType,
  type NoticeStatus,
} from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAlarmsMutation } from './use-alarms-mutation';

/*
 * Alarm notifications (issue 16, docs/alarms.md "Notifications"): the rules with their contacts,
 * the portal users to pick contacts from, and the records of the mails and text messages sent.
 */

export interface NoticeRuleFilter {
  name?: string | undefined;
  type?: NoticeRuleType | undefined;
  active?: 'true' | 'false' | undefined;
  pageStart: number;
  pageLimit: number;
}

export const useNoticeRules = (filter: NoticeRuleFilter) =>
  useQuery({
    queryKey: ['alarms', 'notices', 'rules', filter],
    queryFn: ({ signal }) => api(noticesList, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

/** Adds a rule (no id) or changes one: every field and its contacts replaced. */
export const useSaveNoticeRule = () =>
  useAlarmsMutation(({ id, body }: { id: number | null; body: NoticeRuleInput }) =>
    id === null ? api(noticesCreate, { body }) : api(noticesModify, { body: { ...body, id } }),
  );

/** Removes rules with their contacts (what was sent stays in the records); the API takes their ids comma-separated. */
export const useDeleteNoticeRules = () =>
  useAlarmsMutation((ids: readonly number[]) => api(noticesDelete, { query: { ids: ids.join(',') } }));

export interface NoticeUserFilter {
  userName?: string | undefined;
  pageStart: number;
  pageLimit: number;
}

/** The portal's active users with their email and phone number, to pick contacts from. */
export const useNoticeUsers = (filter: NoticeUserFilter) =>
  useQuery({
    queryKey: ['alarms', 'notices', 'users', filter],
    queryFn: ({ signal }) => api(noticesUsers, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

export type NoticeChannel = 'email' | 'sms';

export interface NoticeRecordFilter {
  status?: NoticeStatus | undefined;
  keyword?: string | undefined;
  pageStart: number;
  pageLimit: number;
}

/** The mails or the text messages sent (or to send), newest first; a text message carries its text. */
export const useNoticeRecords = (channel: NoticeChannel, filter: NoticeRecordFilter) =>
  useQuery({
    queryKey: ['alarms', 'notices', 'records', channel, filter],
    queryFn: async ({ signal }) => {
      if (channel === 'sms') return api(noticesSmsRecords, { query: filter, signal });
      const page = await api(noticesEmailRecords, { query: filter, signal });
      return { ...page, list: page.list.map((r) => ({ ...r, content: null })) };
    },
    placeholderData: keepPreviousData,
  });

/** The text of one mail (null: none asked for). */
export const useNoticeEmailContent = (id: number | null) =>
  useQuery({
    queryKey: ['alarms', 'notices', 'emailContent', id],
    queryFn: ({ signal }) => api(noticesEmailContent, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
