// The pixel size of a PNG or JPEG read from its header alone, before anything decodes it. A decoder
// allocates width × height × 4 bytes whatever the file's own size, so a 100 KB PNG that declares
// 6000 × 6000 costs 144 MB and seconds of CPU; the header says so in its first bytes (PNG: the IHDR
// chunk, which must come first; JPEG: the first start-of-frame marker). Nothing here allocates more
// than it reads, and every offset is checked against the length, so a hostile header is a null.

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const IHDR = [0x49, 0x48, 0x44, 0x52] as const; // "IHDR"

const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array, at: number) => bytes[at]! * 0x1000000 + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);

/** A PNG's size from its IHDR chunk (right after the signature, by the PNG specification), or null. */
export function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  if (u32(bytes, 8) !== 13 || !IHDR.every((b, i) => bytes[12 + i] === b)) return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  // The specification caps both at 2^31 − 1 and forbids 0.
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
  return { width, height };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): C0–CF but DHT (C4), JPG (C8), DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers RST0–7. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** A JPEG's size from its first start-of-frame segment, walking the marker segments before the scan; or null. */
export function jpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return null;
    const marker = bytes[at++]!;
    if (standsAlone(marker)) continue;
    // The end of the image or the start of the scan with no frame header before it: no size to read.
    if (marker === 0xd9 || marker === 0xda || at + 2 > bytes.length) return null;
    const length = u16(bytes, at);
    if (length < 2 || at + length > bytes.length) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7) return null;
      const height = u16(bytes, at + 3);
      const width = u16(bytes, at + 5);
      // Height 0 means "given later by a DNL marker", which no renderer we feed it to supports.
      return width === 0 || height === 0 ? null : { width, height };
    }
    at += length;
  }
  return null;
}

/** The size of a PNG or JPEG from its header, or null when the header cannot be read. */
export function imageSize(kind: 'png' | 'jpeg', bytes: Uint8Array): ImageSize | null {
  return kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
}
