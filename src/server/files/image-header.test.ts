import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { blackPng } from '../test-support/hostile-files';
import { imageSize, jpegSize, pngSize } from './image-header';

// The sizes come from headers built here byte by byte after the PNG and JPEG specifications, and one
// PNG real enough for pdf-lib to decode, so the reader is checked against a decoder's own answer.

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];

/** A JPEG's header: SOI, APP0 (JFIF), DQT, then the given frame marker with height and width, then SOS. */
function jpegHeader(width: number, height: number, frame = 0xc0, before: number[] = []): Uint8Array {
  const jfif = [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [8, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...segment(0xe0, jfif), ...before, ...segment(0xdb, [0, ...Array(64).fill(1)]), ...segment(frame, sof), ...segment(0xda, [1, 1, 0, 0, 63, 0]), 0x00, 0xff, 0xd9]);
}

describe('image sizes from the header', () => {
  it('reads a PNG as pdf-lib decodes it', async () => {
    expect(pngSize(PNG_1X1)).toEqual({ width: 1, height: 1 });
    const png = blackPng(300, 200);
    expect(pngSize(png)).toEqual({ width: 300, height: 200 });
    const embedded = await (await PDFDocument.create()).embedPng(png);
    expect([embedded.width, embedded.height]).toEqual([300, 200]);
  });

  it('reads what a PNG declares without decoding it: 6000 × 6000 in about 100 KB', () => {
    const png = blackPng(6000, 6000);
    expect(png.length).toBeLessThan(120_000);
    expect(imageSize('png', png)).toEqual({ width: 6000, height: 6000 });
  });

  it('reads the first frame header of a JPEG, past application and table segments and fill bytes', () => {
    expect(jpegSize(jpegHeader(640, 480))).toEqual({ width: 640, height: 480 });
    expect(jpegSize(jpegHeader(6000, 6000, 0xc2))).toEqual({ width: 6000, height: 6000 }); // progressive
    expect(jpegSize(jpegHeader(65535, 1, 0xc1, [0xff, 0xff]))).toEqual({ width: 65535, height: 1 });
    // DHT (C4) is a table, not a frame, though its marker sits among the frame markers.
    expect(imageSize('jpeg', jpegHeader(10, 20, 0xc0, segment(0xc4, [0, ...Array(16).fill(0)])))).toEqual({ width: 10, height: 20 });
  });

  it('answers null for what is not a readable header, whatever the bytes', () => {
    const png = blackPng(10, 10);
    const cases: Uint8Array[] = [
      new Uint8Array(),
      png.subarray(0, 20), // cut inside IHDR
      Buffer.concat([png.subarray(0, 12), Buffer.from('IDAT'), png.subarray(16)]), // IHDR not first
      Buffer.from(png).fill(0, 16, 20), // width 0
      Buffer.from(png).fill(0xff, 16, 20), // width past 2^31 − 1
      jpegHeader(0, 0),
      jpegHeader(100, 0), // height left to a DNL marker
      jpegHeader(10, 10).subarray(0, 30), // cut before the frame
      new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), // a scan before any frame
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01]), // a length shorter than itself
      new Uint8Array([0xff, 0xd8, 0x00, 0x00]), // not a marker
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff, 0x00]), // a length past the end
    ];
    for (const [i, bytes] of cases.entries()) {
      expect(i < 5 ? pngSize(bytes) : jpegSize(bytes), `case ${i}`).toBeNull();
    }
  });
});
