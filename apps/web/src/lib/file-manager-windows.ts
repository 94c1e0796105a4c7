/**
 * File-manager (E-File) windows this tab opened. Logout warns while one is open and closes them
 * (spec section 4).
 */
/** What this needs of a window: whether the user closed it, and closing it. */
type OpenedWindow = Pick<Window, 'closed' | 'close'>;

const windows = new Set<OpenedWindow>();

export const fileManagerWindows = {
  add(w: OpenedWindow | null) {
    if (w) windows.add(w);
  },
  anyOpen(): boolean {
    for (const w of windows) if (w.closed) windows.delete(w);
    return windows.size > 0;
  },
  closeAll() {
    for (const w of windows) if (!w.closed) w.close();
    windows.clear();
  },
};
