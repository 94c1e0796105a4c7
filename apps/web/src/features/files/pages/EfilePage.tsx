import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { setLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useRedeemToken } from '../api/redeem-token';
import { FileManager } from '../components/FileManager';

/** What the console put in the window's address, read once: the token is single-use. */
const launch = (() => {
  let read: {
    token: string | null;
    lang: string | null;
    title: string | null;
    view: string | null;
    path: string | null;
  } | null = null;
  return () => {
    if (!read) {
      const q = new URLSearchParams(window.location.search);
      read = { token: q.get('token'), lang: q.get('lang'), title: q.get('title'), view: q.get('view'), path: q.get('path') };
      if (read.token) {
        // The token must not stay in the address bar, the history or a bookmark.
        q.delete('token');
        const rest = q.toString();
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
      }
    }
    return read;
  };
})();

const Centered = ({ children }: { children: React.ReactNode }) => (
  <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>{children}</div>
);

/**
 * The E-File window (spec section 2, last bullet): standalone, without the console's header. It
 * signs in with the token the console handed over, or uses the session the browser already has.
 */
const EfilePage = () => {
  const { t } = useTranslation('files');
  const errorText = useErrorText();
  const session = useSession();
  const redeem = useRedeemToken();
  const [{ token, lang, title, view, path }] = useState(launch);
  const [redeemed, setRedeemed] = useState(!token);
  const { begin } = session;
  const { mutate } = redeem;

  useEffect(() => {
    if (lang) void setLanguage(lang.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  }, [lang]);
  useEffect(() => {
    document.title = title ? `${t('title')} - ${title}` : t('title');
  }, [title, t]);
  // Without a token the window may still share the browser's session cookie: try it once (a
  // missing session then leads to sign-in, which comes back here).
  const tried = useRef(false);
  useEffect(() => {
    if (token || tried.current || session.status !== 'anonymous') return;
    tried.current = true;
    begin();
  }, [token, session.status, begin]);
  useEffect(() => {
    if (!token) return;
    mutate(token, {
      onSuccess: () => {
        begin();
        setRedeemed(true);
      },
    });
  }, [token, mutate, begin]);

  if (redeem.isError && session.status !== 'signedIn')
    return (
      <Centered>
        <Result status="warning" title={t('open.failed')} subTitle={errorText(redeem.error)} />
      </Centered>
    );
  if (!redeemed || session.status === 'loading') {
    return (
      <Centered>
        <Spin size="large" description={t('open.loading')} />
      </Centered>
    );
  }
  if (session.status === 'anonymous')
    return (
      <Centered>
        <Result
          status="403"
          title={t('open.signIn')}
          extra={
            <Button type="primary" href={`/login?redirect=${encodeURIComponent('/efile')}`}>
              {t('open.toLogin')}
            </Button>
          }
        />
      </Centered>
    );
  return <FileManager view={view} startPath={path ?? undefined} />;
};

export default EfilePage;
