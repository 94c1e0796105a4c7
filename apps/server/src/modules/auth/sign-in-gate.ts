/** Sign-ins of one user name checked at once: one, so each wrong password counts before the next is tried. */
export const SIGN_INS_PER_NAME_AT_ONCE = 1;
/**
 * Sign-ins from one client address checked at once. More wait their turn: a classroom behind one
 * address all get in (a password check takes tens of milliseconds), while a spray of many names
 * from one address meets the address's captcha after at most this many more wrong guesses.
 */
export const SIGN_INS_PER_ADDRESS_AT_ONCE = 8;

/** Waiting turns for a number of slots per key. */
class KeyedSlots {
  private readonly held = new Map<string, { busy: number; waiting: (() => void)[] }>();

  constructor(private readonly slots: number) {}

  async acquire(key: string): Promise<() => void> {
    let entry = this.held.get(key);
    if (!entry) {
      entry = { busy: 0, waiting: [] };
      this.held.set(key, entry);
    }
    const e = entry;
    if (e.busy < this.slots) e.busy += 1;
    // The releasing holder hands its slot straight to the first in line (busy stays the same).
    else await new Promise<void>((resolve) => e.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = e.waiting.shift();
      if (next) return next();
      e.busy -= 1;
      if (e.busy === 0) this.held.delete(key);
    };
  }
}

/**
 * Sign-in attempts wait here until their turn, so an attempt's lock and captcha state is read
 * after every earlier attempt on the same name has counted its failure. Failures are counted only
 * once a password is known wrong, so correct sign-ins at the same moment never look like
 * failures. The turns are kept per server process (docs/api.md).
 */
export class SignInGate {
  private readonly byName = new KeyedSlots(SIGN_INS_PER_NAME_AT_ONCE);
  private readonly byAddress = new KeyedSlots(SIGN_INS_PER_ADDRESS_AT_ONCE);

  /**
   * Waits for a turn for this name and this address; answers the function that ends it. The name
   * is taken first and the address second, always in that order: a holder of an address slot
   * waits for nothing, so the two never wait on each other in a circle.
   */
  async enter(userKey: string, address: string): Promise<() => void> {
    const leaveName = await this.byName.acquire(userKey);
    try {
      const leaveAddress = await this.byAddress.acquire(address);
      return () => {
        leaveAddress();
        leaveName();
      };
    } catch (err) {
      leaveName();
      throw err;
    }
  }
}
