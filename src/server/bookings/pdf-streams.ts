import { constants, inflateRawSync } from "node:zlib";
import { ExpandsTooFarError } from "./pkpass-reader.ts";

/*
 * A PDF's streams decoded and counted before pdf.js opens the file: more than `limit` bytes in all
 * (a decompression bomb: 1 MB of FlateDecode that inflates to 1 GB) and the file is refused, as a
 * zip or a MIME tree that unpacks too far is. pdf.js decodes streams as it meets them, with no limit
 * of its own. One pass over the file: each stream's dictionary is looked for only between the end
 * of the stream before it and its `stream` keyword; decoded bytes are counted as they come, and the
 * count stops at the limit. Filters that only images use (DCT, JPX, JBIG2, CCITT) end a chain: the
 * text layer never decodes them. Encrypted streams inflate to nothing here; they are bounded by the
 * reading thread's heap cap and deadline instead.
 */

const STREAM = /(?<![A-Za-z])stream(?:\r\n|\r|\n)/g;
const FILTER = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/;
const LENGTH = /\/Length\s+(\d{1,10})(?![\d.])(?!\s+\d+\s+R)/;

class Budget {
  used = 0;
  constructor(readonly limit: number) {}
  take(bytes: number) {
    this.used += bytes;
    if (this.used > this.limit) throw new ExpandsTooFarError();
  }
}

/**
 * A stage's output, charged to the budget as it comes; kept only when another filter decodes it
 * next (the last stage's bytes are counted, never held).
 */
class Sink {
  chunks: Uint8Array[] = [];
  length = 0;
  constructor(
    private readonly budget: Budget,
    private readonly keep: boolean,
  ) {}
  remaining() {
    return this.budget.limit - this.budget.used;
  }
  push(chunk: Uint8Array) {
    this.budget.take(chunk.length);
    if (this.keep) this.chunks.push(chunk);
    this.length += chunk.length;
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

function flate(data: Uint8Array, sink: Sink) {
  // pdf.js skips the two-byte zlib header and ignores the checksum; so does this count. Native
  // zlib, stopped by maxOutputLength as soon as the output passes what the budget has left.
  let out: Buffer;
  try {
    out = inflateRawSync(data.subarray(2), {
      maxOutputLength: Math.max(1, sink.remaining() + 1),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      throw new ExpandsTooFarError();
    // Damaged data: pdf.js stops at the damage too.
    return;
  }
  sink.push(out);
}

function lzw(data: Uint8Array, sink: Sink, earlyChange = 1) {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    lengths[i] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  const out = new Uint8Array(4096);
  const emit = (code: number) => {
    const length = lengths[code] ?? 0;
    for (let i = length - 1, c = code; i >= 0; i--, c = prefix[c] ?? -1) out[i] = suffix[c] ?? 0;
    sink.push(out.slice(0, length));
    return out[0] ?? 0;
  };
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return;
      let first: number;
      if (code < next && (code < 256 || code >= 258)) first = emit(code);
      else if (code === next && previous !== -1) {
        // The code being defined: the previous string and its own first byte.
        const length = (lengths[previous] ?? 0) + 1;
        for (let i = length - 2, c = previous; i >= 0; i--, c = prefix[c] ?? -1)
          out[i] = suffix[c] ?? 0;
        out[length - 1] = out[0] ?? 0;
        sink.push(out.slice(0, length));
        first = out[0] ?? 0;
      } else return;
      if (previous !== -1 && next < 4096) {
        prefix[next] = previous;
        suffix[next] = first;
        lengths[next] = (lengths[previous] ?? 0) + 1;
        next += 1;
      }
      previous = code;
      if (next + earlyChange >= 1 << width && width < 12) width += 1;
    }
  }
}

function runLength(data: Uint8Array, sink: Sink) {
  let at = 0;
  while (at < data.length) {
    const n = data[at] ?? 128;
    if (n === 128) return;
    if (n < 128) {
      sink.push(data.slice(at + 1, at + 2 + n));
      at += n + 2;
    } else {
      sink.push(new Uint8Array(257 - n).fill(data[at + 1] ?? 0));
      at += 2;
    }
  }
}

function asciiHex(data: Uint8Array, sink: Sink) {
  const digits: number[] = [];
  for (const byte of data) {
    if (byte === 0x3e) break;
    const char = String.fromCharCode(byte);
    if (/[0-9a-f]/i.test(char)) digits.push(parseInt(char, 16));
  }
  if (digits.length % 2) digits.push(0);
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++)
    out[i] = ((digits[2 * i] ?? 0) << 4) | (digits[2 * i + 1] ?? 0);
  sink.push(out);
}

function ascii85(data: Uint8Array, sink: Sink) {
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const byte of data) {
    if (byte === 0x7e) break;
    if (byte === 0x7a && group.length === 0) out.push(0, 0, 0, 0);
    else if (byte >= 0x21 && byte <= 0x75) {
      group.push(byte - 0x21);
      if (group.length === 5) flush(5);
    }
  }
  if (group.length > 0) flush(group.length);
  sink.push(Uint8Array.from(out));
}

const DECODERS: Record<string, ((data: Uint8Array, sink: Sink) => void) | undefined> = {
  FlateDecode: flate,
  Fl: flate,
  LZWDecode: (data, sink) => lzw(data, sink),
  LZW: (data, sink) => lzw(data, sink),
  RunLengthDecode: runLength,
  RL: runLength,
  ASCIIHexDecode: asciiHex,
  AHx: asciiHex,
  ASCII85Decode: ascii85,
  A85: ascii85,
};

function filtersOf(dictionary: string): string[] {
  const match = FILTER.exec(dictionary)?.[1];
  if (!match) return [];
  return [...match.matchAll(/\/([^\s/[\]<>()]+)/g)].map((m) => m[1] ?? "");
}

/** Throws ExpandsTooFarError when the PDF's streams decode to more than `limit` bytes in all. */
export function checkPdfStreams(bytes: Uint8Array, limit: number): void {
  const text = new TextDecoder("latin1").decode(bytes);
  const budget = new Budget(limit);
  let previousEnd = 0;
  STREAM.lastIndex = 0;
  for (let match = STREAM.exec(text); match; match = STREAM.exec(text)) {
    const dataStart = match.index + match[0].length;
    // The stream's own dictionary: from its `N 0 obj`, never an object before it.
    const before = text.slice(previousEnd, match.index);
    const dictionary = before.slice(Math.max(0, before.lastIndexOf("obj")));
    const declared = Number(LENGTH.exec(dictionary)?.[1] ?? NaN);
    let dataEnd =
      Number.isFinite(declared) &&
      dataStart + declared <= text.length &&
      /^\s*endstream/.test(text.slice(dataStart + declared, dataStart + declared + 20))
        ? dataStart + declared
        : text.indexOf("endstream", dataStart);
    if (dataEnd === -1) dataEnd = text.length;
    previousEnd = dataEnd;
    STREAM.lastIndex = dataEnd;
    let data = bytes.subarray(dataStart, dataEnd);
    const decoders = filtersOf(dictionary).map((filter) => DECODERS[filter]);
    const known = decoders.findIndex((decode) => !decode);
    const chain = (known === -1 ? decoders : decoders.slice(0, known)) as ((
      data: Uint8Array,
      sink: Sink,
    ) => void)[];
    chain.forEach((decode, i) => {
      const sink = new Sink(budget, i < chain.length - 1);
      decode(data, sink);
      data = sink.bytes();
    });
  }
}
