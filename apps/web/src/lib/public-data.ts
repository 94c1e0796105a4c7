import { useEffect, useState } from 'react';
import { queryLicenseInfo, queryLoginConfig } from '@portal/shared';
import { api } from './api-client';

/*
 * What the pages reached without signing in read from the server (branding, license state),
 * without TanStack Query: the sign-in page's first load does not carry it. Asked once per page
 * load; the console asks again through its own queries (lib/queries) when it needs them.
 */

interface Cached<T> {
  load(): Promise<T>;
  peek(): T | undefined;
}

const cached = <T>(get: () => Promise<T>): Cached<T> => {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () =>
      (loading ??= get().then(
        (v) => (value = v),
        (err: unknown) => {
          loading = undefined; // asked again by the next page that needs it
          throw err;
        },
      )),
    peek: () => value,
  };
};

export const publicLoginConfig = cached(() => api(queryLoginConfig));
export const publicLicenseInfo = cached(() => api(queryLicenseInfo));

/** The answer once it is in (undefined before, and after a failure: the page shows less). */
export const usePublicData = <T>(data: Cached<T>): T | undefined => {
  const [value, setValue] = useState(data.peek);
  useEffect(() => {
    let live = true;
    data.load().then(
      (v) => live && setValue(v),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [data]);
  return value;
};
