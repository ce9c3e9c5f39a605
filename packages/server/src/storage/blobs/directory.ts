import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkBlobKey } from './keys.js';
import { countedBody } from './limit.js';
import type { BlobRange, BlobRead, BlobStore, PutOptions } from './types.js';

/** Temporary files older than this were left by a process that died mid-write: the next put removes them. */
const STALE_TEMP_MS = 24 * 60 * 60_000;

/**
 * Blobs as files under one folder (by default `DATA_DIR/assets`). A put writes a temporary file in
 * the folder's `.tmp`, flushes it to disk and renames it into place: rename is atomic within one file
 * system, so a reader opens either the whole old file, the whole new one, or none. Several
 * processes on one host may share the folder.
 */
export class DirectoryBlobStore implements BlobStore {
  readonly description: string;
  private readonly temp: string;
  private swept = false;

  constructor(private readonly root: string) {
    this.root = path.resolve(root);
    this.temp = path.join(this.root, '.tmp');
    this.description = `directory ${this.root}`;
  }

  /** The file of a key (checked: it never leaves the folder). */
  fileOf(key: string): string {
    return path.join(this.root, ...checkBlobKey(key).split('/'));
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<{ size: number }> {
    const target = this.fileOf(key);
    const counted = countedBody(body, options.maxBytes);
    await fs.mkdir(this.temp, { recursive: true });
    if (!this.swept) await this.sweepTemp();
    const temp = path.join(this.temp, randomUUID());
    try {
      // flush: the file's bytes reach the disk before it is closed, so the rename never publishes a file
      // whose content a crash could still lose.
      await pipeline(counted.stream, createWriteStream(temp, { flags: 'wx', mode: 0o644, flush: true }));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    await syncFolder(path.dirname(target));
    return { size: counted.size() };
  }

  async get(key: string, range?: BlobRange): Promise<BlobRead | undefined> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.fileOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.fileOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async close(): Promise<void> {}

  private async sweepTemp(): Promise<void> {
    this.swept = true;
    const now = Date.now();
    for (const name of await fs.readdir(this.temp).catch(() => [] as string[])) {
      const file = path.join(this.temp, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(file, { force: true });
    }
  }
}

/** Flushes a folder's entries, so that a rename into it survives a crash of the machine. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot flush a folder; the rename is still atomic.
  } finally {
    await handle.close();
  }
}
