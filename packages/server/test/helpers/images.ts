import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photograph-like picture (gradients and grain), so that encoders work as they do on real photos. */
export async function photo(
  width: number,
  height: number,
  options: { orientation?: number; format?: 'jpeg' | 'png' | 'webp'; alpha?: boolean } = {},
): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const grain = (random() - 0.5) * 30;
      // Left half warm, right half cool, bottom dark: the corners differ, for colorData.
      data[i] = Math.max(0, Math.min(255, (x < width / 2 ? 220 : 40) * (1 - y / height / 2) + grain));
      data[i + 1] = Math.max(0, Math.min(255, 90 + grain));
      data[i + 2] = Math.max(0, Math.min(255, (x < width / 2 ? 40 : 210) * (1 - y / height / 2) + grain));
      if (channels === 4) data[i + 3] = y < height / 2 ? 255 : 0;
    }
  }
  let image = sharp(data, { raw: { width, height, channels } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  const format = options.format ?? 'jpeg';
  return format === 'png' ? image.png().toBuffer() : format === 'webp' ? image.webp().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A decompression bomb: a valid PNG of a few hundred bytes whose header claims width x height pixels. */
export function pngBomb(width = 60_000, height = 60_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  // One row of zeros, deflated: the rest of the rows are missing, but a decoder allocates for all of them.
  const idat = deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SCRIPTED_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert(document.cookie)</script><rect width="40" height="40" fill="#c2603a"/></svg>\n',
);
