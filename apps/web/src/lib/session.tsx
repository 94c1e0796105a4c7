import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getIndexData, getMenus, type IndexData, type MenuItem, type Permission } from '@portal/shared';
import { api } from './api-client';
import { loginMarker, savedIndexData } from './storage';

export interface Session {
  /** loading until the index data is known; anonymous without a sign-in. */
  status: 'loading' | 'anonymous' | 'signedIn';
  indexData: IndexData | null;
  /** null until the menu is loaded (spec: hasMenuData). */
  menus: MenuItem[] | null;
  /** Refresh interval in milliseconds (server seconds × 1000, fallback 30 s). */
  refreshMs: number;
  /** After a successful sign-in: store the marker and load the session. */
  begin(): void;
  /** After logout or a lost session: forget everything the session loaded. */
  end(): void;
}

const SessionContext = createContext<Session | null>(null);

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const qc = useQueryClient();
  const [signedIn, setSignedIn] = useState(loginMarker.get);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const index = useQuery({
    queryKey: ['session', 'indexData'],
    queryFn: async () => {
      const data = await api(getIndexData);
      savedIndexData.set(data);
      return data;
    },
    enabled: signedIn,
    // A new tab reuses the index data saved in this tab's session storage when it has a role id.
    initialData: savedIndexData.get() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
  const menus = useQuery({
    queryKey: ['session', 'menus', lang],
    queryFn: () => api(getMenus, { query: { lang } }),
    enabled: signedIn && !!index.data,
    staleTime: Infinity,
  });

  const begin = useCallback(() => {
    loginMarker.set();
    qc.removeQueries({ queryKey: ['session'] });
    setSignedIn(true);
  }, [qc]);
  const end = useCallback(() => {
    loginMarker.clear();
    sessionStorage.clear();
    qc.clear();
    setSignedIn(false);
  }, [qc]);

  const value = useMemo<Session>(() => {
    // A refetch that fails keeps the console (a lost session is handled by the session-lost handler);
    // only a first load that fails, with nothing saved, counts as signed out.
    const status = !signedIn || (index.isError && !index.data) ? 'anonymous' : index.data ? 'signedIn' : 'loading';
    return {
      status,
      indexData: status === 'signedIn' ? (index.data ?? null) : null,
      menus: status === 'signedIn' ? (menus.data ?? null) : null,
      refreshMs: (index.data?.refreshInteval ?? 30) * 1000 || 30_000,
      begin,
      end,
    };
  }, [signedIn, index.data, index.isError, menus.data, begin, end]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};

export const useSession = (): Session => {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
};

/** Whether the signed-in user holds a permission (the server decides; this hides what would fail). */
export const useCan = () => {
  const { indexData } = useSession();
  return useCallback((p: Permission) => p === 'public' || !!indexData?.permissions.includes(p), [indexData]);
};
