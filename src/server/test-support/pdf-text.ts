import { inflateSync } from 'node:zlib';

// The text a PDF made with pdf-lib draws, for tests: its content streams are deflated (FlateDecode)
// and each line is a hex string shown with Tj, so neither a plain search of the bytes nor of their
// hex finds it. Streams that do not inflate (images, fonts) are skipped.

export function pdfText(bytes: Buffer | Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const streams: string[] = [raw];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      streams.push(inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1'));
    } catch {
      /* not a deflated content stream */
    }
  }
  const lines: string[] = [];
  for (const stream of streams) {
    for (const m of stream.matchAll(/<([0-9A-Fa-f]{2,})>\s*Tj/g)) lines.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    for (const m of stream.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) lines.push(m[1]!);
  }
  return lines.join('\n');
}
