import { ErrCode } from '@portal/shared';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import { centsText } from './money.js';

/* The bills module's refusals: English messages with the figures in `data` (the web words them in zh). */

const monthText = (ym: number) => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}`;

export const periodOpen = (period: string) =>
  invalid('billPeriodOpen', `The month ${period} has not ended yet: bills are issued only for a month that has ended`, {
    period,
  });

export const billExists = (accountName: string, period: string, billId: number) =>
  invalid('billExists', `Account ${accountName} already has an issued bill for ${period}: re-issue it instead`, { billId });

export const billNotFound = () => notFound('No such bill');
export const priceNotFound = () => notFound('No such price');
export const accountNotFound = (name: string) => notFound(`No account named ${name}`);

/** A price may not reach into a month whose bills are issued. */
export const priceInIssuedMonth = (lastIssued: number, firstDay: string) =>
  invalid('priceInIssuedMonth', `Bills up to ${monthText(lastIssued)} are issued: a new price can take effect from ${firstDay}`, {
    lastIssuedPeriod: monthText(lastIssued),
    firstDay,
  });

export const priceUsedByBills = (lastIssued: number) =>
  invalid(
    'priceInIssuedMonth',
    `Bills up to ${monthText(lastIssued)} are issued and may have used this price: only a price taking effect after that month can be removed`,
    { lastIssuedPeriod: monthText(lastIssued) },
  );

export const priceExists = () =>
  invalid('priceExists', 'A price for this cluster, queue and account class taking effect on that day exists');

export const balancesOff = () =>
  invalid('balancesOff', 'Balances are not enabled on this portal (billing.balances in portal.yaml)');

export const notYourAccount = (name: string) =>
  new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', `Account ${name} is not one of yours`, { status: 403 });

/** Submission refused: the account has no money left. */
export const noBalance = (account: string, balanceCents: number, currency: string) =>
  new AppError(
    ErrCode.INSUFFICIENT_PERMISSION,
    'noBalance',
    `Account ${account} has no balance left (${centsText(balanceCents)} ${currency}): ask its owner or an administrator to add funds`,
    { status: 403, extra: { account, balanceCents, currency } },
  );
