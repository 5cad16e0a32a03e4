/** A bytea value as the server sent it (hex text), decoded only into the caller's buffer. */
export class ByteaText {
  constructor(private readonly text: string) {
    if (!text.startsWith("\\x")) throw new Error("a bytea value not in hex format (bytea_output = 'hex' expected)");
  }
  get length(): number {
    return (this.text.length - 2) / 2;
  }
  /** Decodes bytes `start` to `end` (all by default) into `target` at `offset`; the number written. */
  copyTo(target: Buffer, offset: number, start = 0, end = this.length): number {
    return target.write(this.text.substring(2 + 2 * start, 2 + 2 * end), offset, end - start, "hex");
  }
}
