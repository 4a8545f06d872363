import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

// Files that cost more to read than their size suggests, built in the test that needs them, so no
// fixture of megabytes sits in the repository: an image whose header declares a huge canvas over a
// few kilobytes of compressed zeros.

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of width × height, all black (greyscale, or RGB as the security review's file was):
 * small however large it claims to be — 6000 × 6000 RGB is about 100 KB.
 */
export function blackPng(width: number, height: number, colour: 'grey' | 'rgb' = 'grey'): Buffer {
  const channels = colour === 'rgb' ? 3 : 1;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colour === 'rgb' ? 2 : 0, 0, 0, 0], 8); // 8 bits a sample, colour type, deflate, adaptive filters, no interlace
  const idat = deflateSync(Buffer.alloc(height * (1 + width * channels)), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array())]);
}


/** A PDF of `pages` blank pages: a few hundred KB however many pages it holds, as the review's 5,000-page file. */
export async function blankPagesPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save();
}
