import type { ShellSessionInfo } from '@portal/shared';

/**
 * The shell this browser tab last opened, kept in sessionStorage (per tab, survives a reload, gone
 * with the tab) so reloading /eshell re-attaches to the same shell within its grace period instead
 * of opening another. It holds only the session's public info, never output or keystrokes.
 */
const KEY = 'portal.eshell.session';

export interface ShellTarget {
  clusterId?: string | undefined;
  cwd?: string | undefined;
}

interface Remembered {
  info: ShellSessionInfo;
  clusterId: string | null;
  cwd: string | null;
}

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the page then simply opens a new shell each time.
    return null;
  }
};

export const rememberShell = (info: ShellSessionInfo, target: ShellTarget, store = storage()): void => {
  const value: Remembered = { info, clusterId: target.clusterId ?? null, cwd: target.cwd ?? null };
  try {
    store?.setItem(KEY, JSON.stringify(value));
  } catch {
    // Full or refused: nothing lost but the re-attach after a reload.
  }
};

/** The remembered shell when it was opened for the same cluster and folder as this page asks. */
export const recallShell = (target: ShellTarget, store = storage()): ShellSessionInfo | null => {
  let value: Partial<Remembered> | null = null;
  try {
    value = JSON.parse(store?.getItem(KEY) ?? 'null') as Partial<Remembered> | null;
  } catch {
    return null;
  }
  const info = value?.info;
  if (!info || typeof info.sessionId !== 'string' || typeof info.graceSeconds !== 'number') return null;
  if ((value?.clusterId ?? null) !== (target.clusterId ?? null) || (value?.cwd ?? null) !== (target.cwd ?? null)) return null;
  return info;
};

export const forgetShell = (store = storage()): void => {
  try {
    store?.removeItem(KEY);
  } catch {
    // Nothing to do.
  }
};
