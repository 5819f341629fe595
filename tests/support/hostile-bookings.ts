import { constants, deflateRawSync } from "node:zlib";

/*
 * The hostile booking files of security review three (issue 43), built in the test that sends them
 * (no blobs in the repository): each once froze the server for seconds when imported. The security
 * tests and the bench's "imports" part send exactly these.
 */

const CRLF = "\r\n";

/** F-1: 256 KB of HTML that is one `<script>` after another, none closed. */
export function repeatedScriptHtml(bytes = 256 * 1024): string {
  const head = "<!doctype html><html><body>";
  return head + "<script>".repeat(Math.floor((bytes - head.length) / "<script>".length));
}

/**
 * F-1: a 3.9 MB calendar of 15,000 events whose TZID names a zone the file never defines (each
 * event once made the reader search the whole calendar for it).
 */
export function undefinedZoneCalendar(events = 15_000): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Hostile//Flood//EN"];
  for (let i = 0; i < events; i++)
    lines.push(
      "BEGIN:VEVENT",
      `UID:flood-${i}@hostile.example`,
      "DTSTAMP:20261120T100000Z",
      "DTSTART;TZID=Nowhere Standard Time:20270101T100000",
      "DTEND;TZID=Nowhere Standard Time:20270101T120000",
      `SUMMARY:Guided tour number ${i}`,
      "LOCATION:The old town square of the city",
      "END:VEVENT",
    );
  lines.push("END:VCALENDAR", "");
  return lines.join(CRLF);
}

/** The Adler-32 of `length` zero bytes (what a zlib stream of zeros ends with). */
function adlerOfZeros(length: number): number {
  const b = length % 65521;
  return ((b << 16) | 1) >>> 0;
}

/**
 * A zlib stream that inflates to `segments` MB of zeros, built without ever holding them: one
 * fully flushed deflate segment of 1 MB of zeros (it refers to nothing before it), repeated, then
 * an empty final block and the checksum.
 */
export function zerosBomb(segments: number): Uint8Array {
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const out = Buffer.alloc(2 + segment.length * segments + 2 + 4);
  out[0] = 0x78;
  out[1] = 0xda;
  for (let i = 0; i < segments; i++) segment.copy(out, 2 + i * segment.length);
  let at = 2 + segment.length * segments;
  out[at++] = 0x03;
  out[at++] = 0x00;
  out.writeUInt32BE(adlerOfZeros(segments * 1024 * 1024), at);
  return new Uint8Array(out);
}

/**
 * F-2: a PDF decompression bomb: about 1 MB on disk, whose one page's FlateDecode content stream
 * inflates to about 1 GB (`segments` MB).
 */
export function pdfDecompressionBomb(segments = 1000): Uint8Array {
  const data = zerosBomb(segments);
  const parts: Uint8Array[] = [];
  let length = 0;
  const offsets: number[] = [];
  const add = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  add("%PDF-1.4\n");
  const objects: (string | [string, Uint8Array, string])[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    [`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, data, "\nendstream"],
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  objects.forEach((object, i) => {
    offsets.push(length);
    add(`${i + 1} 0 obj\n`);
    if (typeof object === "string") add(object);
    else object.forEach(add);
    add("\nendobj\n");
  });
  const xref = length;
  add(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  add(offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join(""));
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const pdf = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    pdf.set(part, at);
    at += part.length;
  }
  return pdf;
}

/** F-8: an e-mail of 120,000 parts (about 1.2 MB), none with a Content-Type line. */
export function partFloodMail(parts = 120_000): string {
  const head = [
    "From: Flood <flood@hostile.example>",
    "To: ada@example.com",
    "Subject: Your booking",
    "MIME-Version: 1.0",
    "Content-Type: multipart/mixed; boundary=b",
    "",
    "",
  ].join(CRLF);
  return `${head}${`--b${CRLF}${CRLF}x${CRLF}`.repeat(parts)}--b--${CRLF}`;
}

/** F-6: about 4.8 MB of plain text, a booking at its start and filler after it. */
export function hugeText(bytes = 4.8 * 1024 * 1024): string {
  const head =
    "Booking confirmation QXR7TT\nTrain TGV 6614 Lyon Part-Dieu → Paris Gare de Lyon, 1 January 2027, 17:04–19:01\n";
  const line = "Terms and conditions apply to this booking and to every other one as well.\n";
  return head + line.repeat(Math.floor((bytes - head.length) / line.length));
}
