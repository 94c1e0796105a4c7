import type { DesktopViewMode } from '@portal/shared';

/** One browser connected to a desktop through the proxy. */
export interface DesktopConnection {
  userId: number;
  userName: string;
  viewMode: DesktopViewMode;
  /** Ends the connection with a WebSocket close code (DesktopCloseCode). */
  close(code: number, reason: string): void;
}

/** Who is connected to which desktop now, in this process: the owner's list shows it. */
export class DesktopConnections {
  private readonly bySession = new Map<string, Set<DesktopConnection>>();

  add(sessionId: string, c: DesktopConnection): () => void {
    let set = this.bySession.get(sessionId);
    if (!set) this.bySession.set(sessionId, (set = new Set()));
    set.add(c);
    return () => {
      set.delete(c);
      if (set.size === 0) this.bySession.delete(sessionId);
    };
  }

  /** User names connected to a desktop, each once, sorted. */
  names(sessionId: string): string[] {
    return [...new Set([...(this.bySession.get(sessionId) ?? [])].map((c) => c.userName))].sort();
  }

  /** Closes the connections of one user (or everyone's, without a user) to a desktop. */
  close(sessionId: string, code: number, reason: string, userId?: number): void {
    for (const c of [...(this.bySession.get(sessionId) ?? [])]) {
      if (userId === undefined || c.userId === userId) c.close(code, reason);
    }
  }

  closeAll(code: number, reason: string): void {
    for (const id of [...this.bySession.keys()]) this.close(id, code, reason);
  }
}
