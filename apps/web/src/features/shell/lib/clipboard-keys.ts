import type { Terminal } from '@xterm/xterm';

/*
 * Copy and paste the way terminal users expect: in a terminal Ctrl+C and Ctrl+V are keys for the
 * program (interrupt, literal next), so the clipboard is on Ctrl+Shift+C and Ctrl+Shift+V, as in
 * GNOME Terminal or Windows Terminal. Ctrl+Insert, Shift+Insert, the browser's menu and its
 * Edit > Copy/Paste keep working through xterm's own copy and paste events.
 */

export type ClipboardKey = 'copy' | 'paste' | null;

export const clipboardKey = (e: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey' | 'code'>): ClipboardKey => {
  if (!e.ctrlKey || !e.shiftKey || e.altKey || e.metaKey) return null;
  if (e.code === 'KeyC') return 'copy';
  if (e.code === 'KeyV') return 'paste';
  return null;
};

const copyText = async (text: string) => {
  // The async clipboard needs a secure context (https or localhost); elsewhere the copy command
  // makes the browser fire a copy event, which xterm answers with its selection.
  if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
  else document.execCommand('copy');
};

export const installClipboardKeys = (term: Terminal) => {
  term.attachCustomKeyEventHandler((e) => {
    const key = clipboardKey(e);
    if (!key) return true;
    if (e.type === 'keydown' && key === 'copy') {
      // Chromium opens its developer tools on Ctrl+Shift+C: not while the terminal has the focus.
      e.preventDefault();
      const text = term.getSelection();
      if (text) void copyText(text).catch(() => undefined);
    }
    // Paste: the browser fires a paste event for Ctrl+Shift+V by itself; xterm pastes it
    // (bracketed when the program asked). Returning false only keeps xterm from sending ^V.
    return false;
  });
};
