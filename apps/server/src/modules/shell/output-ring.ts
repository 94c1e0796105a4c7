/**
 * The most recent output of a shell, addressed by absolute byte offsets (bytes since the shell
 * started). A page that attaches again says how many bytes it has already shown and gets exactly
 * the rest, so nothing is lost and nothing is shown twice, as long as the gap fits in the ring.
 */
export class OutputRing {
  // One fixed buffer: a shell that prints for hours never holds more than `capacity` bytes.
  private readonly buf: Buffer;
  private total = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) throw new RangeError('capacity must be a positive integer');
    this.buf = Buffer.alloc(capacity);
  }

  /** Offset just after the last byte written: every byte the shell has produced so far. */
  get end(): number {
    return this.total;
  }

  /** Offset of the oldest byte still held. */
  get start(): number {
    return Math.max(0, this.total - this.capacity);
  }

  push(chunk: Buffer): void {
    const cap = this.capacity;
    let data = chunk;
    let at = this.total;
    // Only the tail of an oversized chunk can survive: skip what would be overwritten at once.
    if (data.length > cap) {
      at += data.length - cap;
      data = data.subarray(data.length - cap);
    }
    const pos = at % cap;
    const first = Math.min(data.length, cap - pos);
    data.copy(this.buf, pos, 0, first);
    if (first < data.length) data.copy(this.buf, 0, first);
    this.total += chunk.length;
  }

  /** The bytes from `offset` on; from the oldest one held when `offset` has already been dropped. */
  since(offset: number): Buffer {
    const from = Math.max(Math.floor(offset) || 0, this.start);
    if (from >= this.total) return Buffer.alloc(0);
    const len = this.total - from;
    const pos = from % this.capacity;
    const first = Math.min(len, this.capacity - pos);
    const head = this.buf.subarray(pos, pos + first);
    return first === len ? Buffer.from(head) : Buffer.concat([head, this.buf.subarray(0, len - first)]);
  }
}
