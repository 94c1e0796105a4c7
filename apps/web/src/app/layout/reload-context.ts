import { createContext, useContext } from 'react';

/** Choosing the menu entry of the current page again reloads it. */
export const ReloadContext = createContext<{ reloadKey: number; reload: () => void }>({ reloadKey: 0, reload: () => {} });
export const useReload = () => useContext(ReloadContext);
