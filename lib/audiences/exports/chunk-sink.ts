/**
 * A writable stream that stores what is written into audience_export_chunks, CHUNK bytes a row,
 * under the export's current attempt: memory holds at most one chunk however large the file.
 * Writes wait for the insert, so a file writer piping into it is held back (backpressure).
 * The chunk goes to the driver as it is (one Buffer, no further copy; the ORM's create copied it
 * again and passed it through its query plan).
 */
import { Writable } from "node:stream";
import { getDatabase } from "@/lib/db/client";

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
    const database = await getDatabase();
    await database.sql.query(
      "INSERT INTO audience_export_chunks (export_id, attempt, seq, data) VALUES ($1, $2, $3, $4)",
      [this.exportId, this.attempt, this.seq++, data],
    );
  }
}
