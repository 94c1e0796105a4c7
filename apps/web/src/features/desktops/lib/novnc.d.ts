/*
 * The part of noVNC's RFB class (docs/API.md of @novnc/novnc) the viewer uses: the package ships
 * JavaScript without types.
 */
declare module '@novnc/novnc' {
  export interface RfbCredentials {
    username?: string;
    password?: string;
    target?: string;
  }

  export interface RfbOptions {
    credentials?: RfbCredentials;
    shared?: boolean;
    wsProtocols?: string[];
  }

  /** A VNC connection drawn into `target`; events: connect, disconnect, securityfailure, clipboard, desktopname. */
  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | WebSocket, options?: RfbOptions);
    viewOnly: boolean;
    scaleViewport: boolean;
    resizeSession: boolean;
    clipViewport: boolean;
    focusOnClick: boolean;
    background: string;
    disconnect(): void;
    focus(options?: FocusOptions): void;
    blur(): void;
    clipboardPasteFrom(text: string): void;
    sendCtrlAltDel(): void;
  }
}
