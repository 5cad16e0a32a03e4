/**
 * A writable stream that stores what is written into audience_export_chunks, CHUNK bytes a row,
 * under the export's current attempt: memory holds at most one chunk however large the file.
 * Writes wait for the insert, so a file writer piping into it is held back (backpressure).
 */
import { Writable } from "node:stream";
import { db } from "@/lib/db/client";

export const CHUNK = 1 << 20;

export class ChunkSink extends Writable {
  private parts: Buffer[] = [];
  private size = 0;
  private seq = 0;
  bytes = 0;

  constructor(
    private readonly exportId: string,
    private readonly attempt: number,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    this.bytes += chunk.length;
    if (this.size < CHUNK) done();
    else this.flushChunk().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flushChunk().then(() => done(), done);
  }

  private async flushChunk(): Promise<void> {
    if (this.size === 0) return;
    const data = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    const prisma = await db();
    await prisma.audienceExportChunk.create({
      data: { export_id: this.exportId, attempt: this.attempt, seq: this.seq++, data: new Uint8Array(data) },
    });
  }
}
