import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useState, type RefObject } from 'react';
import type { ShellSessionInfo } from '@portal/shared';
import { openShellSession } from '../api/open-shell';
import { installClipboardKeys } from './clipboard-keys';
import { forgetShell, recallShell, rememberShell } from './remembered-shell';
import { ShellConnection, type EndReason, type ShellState } from './shell-connection';

export type ShellPhase =
  | { state: 'opening' }
  | { state: Exclude<ShellState, 'ended'>; info: ShellSessionInfo }
  | { state: 'ended'; info: ShellSessionInfo; reason: EndReason; exitCode?: number | null }
  | { state: 'failed'; error: unknown };

/** Resizes come in bursts while a window edge is dragged: refit once they settle. */
const RESIZE_DEBOUNCE_MS = 150;

const THEME = { background: '#1e1e1e', foreground: '#d4d4d4', cursor: '#d4d4d4', selectionBackground: '#264f78' };

/**
 * An xterm.js terminal in `host`, wired to a shell on the server: the one this tab had before a
 * reload (remembered-shell.ts) or a new one, opened at the size the window allows, kept at that
 * size, reconnected after drops. A new shell is a new mount (key) after forgetShell().
 */
export const useShellTerminal = (
  host: RefObject<HTMLDivElement | null>,
  target: { clusterId?: string | undefined; cwd?: string | undefined },
): ShellPhase => {
  const [phase, setPhase] = useState<ShellPhase>({ state: 'opening' });
  const { clusterId, cwd } = target;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const term = new Terminal({ cursorBlink: true, fontSize: 14, scrollback: 5000, theme: THEME });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(el);
    fit.fit();
    term.focus();
    installClipboardKeys(term);

    const abort = new AbortController();
    let conn: ShellConnection | null = null;
    // What is typed while the shell is still being opened goes out once it is there.
    const typedEarly: Uint8Array<ArrayBuffer>[] = [];
    const encoder = new TextEncoder();
    const type = (bytes: Uint8Array<ArrayBuffer>) => (conn ? conn.sendBytes(bytes) : typedEarly.push(bytes));
    term.onData((data) => type(encoder.encode(data)));
    // Some mouse reports are raw bytes, not text.
    term.onBinary((data) => type(Uint8Array.from(data, (ch) => ch.charCodeAt(0))));
    const attach = (info: ShellSessionInfo, resumed: boolean) => {
      document.title = `${info.userName}@${info.clusterName}`;
      let attached = false;
      const c = new ShellConnection(info.sessionId, info.graceSeconds * 1000, {
        output: (data) => term.write(data),
        state: (state, end) => {
          if (state === 'open') attached = true;
          if (state !== 'ended') {
            setPhase({ state, info });
            return;
          }
          forgetShell();
          // The shell remembered from before a reload is gone (ended, or past its grace): open another.
          if (resumed && !attached && end?.reason === 'gone') {
            c.dispose();
            conn = null;
            openNew();
            return;
          }
          setPhase({ state, info, reason: end?.reason ?? 'gone', exitCode: end?.exitCode });
        },
      });
      conn = c;
      c.resize(term.cols, term.rows);
      c.start();
      for (const bytes of typedEarly.splice(0)) c.sendBytes(bytes);
    };
    const openNew = () =>
      openShellSession({ clusterId, cwd, cols: term.cols, rows: term.rows }, abort.signal).then(
        (info) => {
          if (abort.signal.aborted) return;
          rememberShell(info, { clusterId, cwd });
          attach(info, false);
        },
        (error: unknown) => {
          if (!abort.signal.aborted) setPhase({ state: 'failed', error });
        },
      );
    term.onResize(({ cols, rows }) => conn?.resize(cols, rows));
    const remembered = recallShell({ clusterId, cwd });
    if (remembered) attach(remembered, true);
    else void openNew();

    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => fit.fit(), RESIZE_DEBOUNCE_MS);
    };
    const onOnline = () => conn?.retryNow();
    // The terminal's box, not the window: it changes with the window and with anything laid out around it.
    const observer = new ResizeObserver(onResize);
    observer.observe(el);
    window.addEventListener('online', onOnline);
    return () => {
      // Under React's development double-mount the first shell is left to its grace period.
      abort.abort();
      clearTimeout(resizeTimer);
      observer.disconnect();
      window.removeEventListener('online', onOnline);
      conn?.dispose();
      term.dispose();
    };
  }, [host, clusterId, cwd]);

  return phase;
};
