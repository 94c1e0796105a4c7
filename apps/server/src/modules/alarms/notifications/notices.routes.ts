import {
  noticesCreate,
  noticesDelete,
  noticesEmailContent,
  noticesEmailRecords,
  noticesList,
  noticesModify,
  noticesSmsRecords,
  noticesUsers,
} from '@portal/shared';
import type { RouteKit } from '../../../http/route-kit.js';
import type { NotificationsService } from './notifications.service.js';

/* /am_ma/api/noticeConfigService/... and /am_ma/api/messagerecord/... (spec section 7; docs/alarms.md). */
export const registerNotificationsRoutes = (kit: RouteKit, notices: NotificationsService) => {
  kit.route(noticesList, ({ query }) => {
    const { pageStart, pageLimit, active, ...filter } = query;
    return notices.list({ ...filter, ...(active === undefined ? {} : { active: active === 'true' }) }, { pageStart, pageLimit });
  });
  kit.route(noticesCreate, ({ body, auth, req }) => {
    req.auditInfo.target = `${body.type} rule ${body.name}: ${body.emails.length} emails, ${body.phones.length} phones`;
    return notices.create(body, auth.user.userName);
  });
  kit.route(noticesModify, ({ body, auth, req }) => {
    const { id, ...fields } = body;
    req.auditInfo.target = `rule ${id} ${body.name}${body.active ? '' : ' (inactive)'}: ${body.emails.length} emails, ${body.phones.length} phones`;
    return notices.modify(id, fields, auth.user.userName);
  });
  kit.route(noticesDelete, async ({ query, req }) => {
    req.auditInfo.target = (await notices.delete(query.ids)).join(', ');
    return {};
  });
  kit.route(noticesUsers, ({ query }) =>
    notices.users(query.userName, { pageStart: query.pageStart, pageLimit: query.pageLimit }),
  );
  kit.route(noticesEmailRecords, async ({ query }) => {
    const { pageStart, pageLimit, status, keyword } = query;
    const r = await notices.records({ channel: 'mail', status, keyword }, { pageStart, pageLimit });
    // The list carries no text: /email/content reads one.
    return { total: r.total, list: r.list.map(({ content: _content, ...rest }) => rest) };
  });
  kit.route(noticesEmailContent, ({ query }) => notices.mailContent(query.id));
  kit.route(noticesSmsRecords, ({ query }) => {
    const { pageStart, pageLimit, status, keyword } = query;
    return notices.records({ channel: 'sms', status, keyword }, { pageStart, pageLimit });
  });
};
