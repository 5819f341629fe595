import { zipSync, strToU8 } from "fflate";

/*
 * Booking files built by the tests themselves (no binary blobs in the repository): e-mails with
 * schema.org markup, calendar files, Apple Wallet passes and a PDF with a text layer.
 */

export const LYON_TRAIN_JSON_LD = {
  "@context": "http://schema.org",
  "@type": "TrainReservation",
  reservationNumber: "QXR7TT",
  reservationStatus: "http://schema.org/ReservationConfirmed",
  underName: { "@type": "Person", name: "Ada Lovelace" },
  reservationFor: {
    "@type": "TrainTrip",
    trainNumber: "6614",
    trainCompany: { "@type": "Organization", name: "SNCF" },
    departureStation: { "@type": "TrainStation", name: "Lyon Part-Dieu" },
    departureTime: "2027-01-01T17:04:00+01:00",
    arrivalStation: { "@type": "TrainStation", name: "Paris Gare de Lyon" },
    arrivalTime: "2027-01-01T19:01:00+01:00",
  },
};

export const HOTEL_JSON_LD = {
  "@context": "https://schema.org",
  "@type": "LodgingReservation",
  reservationNumber: "H-55821",
  reservationFor: {
    "@type": "LodgingBusiness",
    name: "Hôtel des Célestins",
    address: {
      "@type": "PostalAddress",
      streetAddress: "4 Rue des Archers",
      postalCode: "69002",
      addressLocality: "Lyon",
      addressCountry: "FR",
    },
  },
  checkinTime: "2026-12-28T15:00:00+01:00",
  checkoutTime: "2027-01-01T11:00:00+01:00",
};

/** The Paris → Lyon train of a trip's transfer day (Wed 30 Dec 2026), as the browser specs read it. */
export const PARIS_LYON_TRAIN_JSON_LD = {
  "@context": "http://schema.org",
  "@type": "TrainReservation",
  reservationNumber: "QXR7TT",
  reservationFor: {
    "@type": "TrainTrip",
    trainNumber: "6601",
    trainCompany: { "@type": "Organization", name: "SNCF" },
    departureStation: { "@type": "TrainStation", name: "Paris Gare de Lyon" },
    departureTime: "2026-12-30T10:04:00+01:00",
    arrivalStation: { "@type": "TrainStation", name: "Lyon Part-Dieu" },
    arrivalTime: "2026-12-30T12:01:00+01:00",
  },
};

/** HOTEL_JSON_LD for Lyon's two nights after that train (30 Dec 2026 – 1 Jan 2027). */
export const LYON_HOTEL_AFTER_TRAIN_JSON_LD = {
  ...HOTEL_JSON_LD,
  checkinTime: "2026-12-30T15:00:00+01:00",
  checkoutTime: "2027-01-01T11:00:00+01:00",
};

/**
 * A Booking.com confirmation's markup for Lyon's two nights (30 Dec 2026 – 1 Jan 2027): the whole
 * stay's `totalPrice` as text with its `priceCurrency`, €782.40 (issue 47's hotel).
 */
export const BOOKING_COM_HOTEL_JSON_LD = {
  ...LYON_HOTEL_AFTER_TRAIN_JSON_LD,
  reservationNumber: "4012.558.921",
  provider: { "@type": "Organization", name: "Booking.com" },
  totalPrice: "782.40",
  priceCurrency: "EUR",
};

/** The same kind of stay written as microdata, its price a PriceSpecification (a decimal comma). */
export const PRICED_STAY_MICRODATA_HTML = `<html><body>
<div itemscope itemtype="http://schema.org/LodgingReservation">
  <meta itemprop="reservationNumber" content="MD-STAY-7">
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/LodgingBusiness">
    <span itemprop="name">Hôtel des Célestins</span>
  </div>
  <meta itemprop="checkinDate" content="2026-12-30">
  <meta itemprop="checkoutDate" content="2027-01-01">
  <div itemprop="totalPrice" itemscope itemtype="http://schema.org/PriceSpecification">
    Total: <span itemprop="price">782,40</span> <meta itemprop="priceCurrency" content="eur">€
  </div>
</div>
<div itemscope itemtype="http://schema.org/BusReservation">
  <meta itemprop="reservationNumber" content="FLX-88">
  <meta itemprop="totalPrice" content="29.98"><meta itemprop="priceCurrency" content="EUR">
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/BusTrip">
    <span itemprop="busNumber">N 712</span>
    <div itemprop="departureBusStop" itemscope itemtype="http://schema.org/BusStop"><span itemprop="name">Paris Bercy</span></div>
    <meta itemprop="departureTime" content="2026-12-30T08:00:00+01:00">
    <div itemprop="arrivalBusStop" itemscope itemtype="http://schema.org/BusStop"><span itemprop="name">Lyon Perrache</span></div>
    <meta itemprop="arrivalTime" content="2026-12-30T12:40:00+01:00">
  </div>
</div>
</body></html>`;

export type CalendarEvent = {
  uid: string;
  /** Local wall-clock `YYYYMMDDTHHMMSS` in Europe/Paris. */
  start: string;
  end: string;
  summary: string;
  location: string;
};

/** A ticket seller's calendar file: its events in Europe/Paris by IANA name (no VTIMEZONE). */
export function buildCalendar(events: readonly CalendarEvent[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Opera de Lyon//Tickets//EN",
    ...events.flatMap((e) => [
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      "DTSTAMP:20261101T100000Z",
      `DTSTART;TZID=Europe/Paris:${e.start}`,
      `DTEND;TZID=Europe/Paris:${e.end}`,
      `SUMMARY:${e.summary}`,
      `LOCATION:${e.location}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

export const FLIGHT_JSON_LD = {
  "@context": "http://schema.org",
  "@type": "FlightReservation",
  reservationNumber: "RXJ34P",
  reservationFor: {
    "@type": "Flight",
    flightNumber: "1234",
    airline: { "@type": "Airline", name: "Air France", iataCode: "AF" },
    departureAirport: { "@type": "Airport", name: "London Heathrow", iataCode: "LHR" },
    departureTime: "2026-12-28T09:10:00+00:00",
    arrivalAirport: { "@type": "Airport", name: "Lyon Saint-Exupéry", iataCode: "LYS" },
    arrivalTime: "2026-12-28T11:55:00+01:00",
  },
};

/** FLIGHT_JSON_LD as an airline's mail prices it: a PriceSpecification on the ticket, in GBP. */
export const PRICED_FLIGHT_JSON_LD = {
  ...FLIGHT_JSON_LD,
  reservedTicket: {
    "@type": "Ticket",
    totalPrice: { "@type": "PriceSpecification", price: 412.5, priceCurrency: "GBP" },
  },
};

/** LYON_TRAIN_JSON_LD with `price` (not `totalPrice`) as a number, in EUR. */
export const PRICED_TRAIN_JSON_LD = { ...LYON_TRAIN_JSON_LD, price: 89, priceCurrency: "EUR" };

export const htmlWithJsonLd = (...blocks: unknown[]) =>
  `<!doctype html><html><head><title>Your booking</title></head><body>
<p>Thank you for your booking &amp; see you soon.</p>
${blocks.map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`).join("\n")}
<img src="https://tracker.example/pixel.gif" alt="">
</body></html>`;

/** The train of LYON_TRAIN_JSON_LD, written as microdata the way mail senders do. */
export const TRAIN_MICRODATA_HTML = `<html><body>
<div itemscope itemtype="http://schema.org/TrainReservation">
  <meta itemprop="reservationNumber" content="MD4411">
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/TrainTrip">
    <span itemprop="trainNumber">TGV 6614</span>
    <div itemprop="trainCompany" itemscope itemtype="http://schema.org/Organization"><span itemprop="name">SNCF</span></div>
    <div itemprop="departureStation" itemscope itemtype="http://schema.org/TrainStation">
      <b>From:</b> <span itemprop="name">Lyon Part-Dieu</span>
    </div>
    <time itemprop="departureTime" datetime="2027-01-01T17:04:00+01:00">1 Jan, 17:04</time>
    <div itemprop="arrivalStation" itemscope itemtype="http://schema.org/TrainStation">
      <span itemprop="name">Paris Gare de Lyon</span>
    </div>
    <meta itemprop="arrivalTime" content="2027-01-01T19:01:00+01:00"/>
  </div>
</div>
<div itemscope itemtype="http://schema.org/EventReservation">
  <meta itemprop="reservationNumber" content="OPERA-9">
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Event">
    <span itemprop="name">La Traviata &amp; more</span>
    <meta itemprop="startDate" content="2026-12-30T20:00:00+01:00">
    <div itemprop="location" itemscope itemtype="http://schema.org/Place"><span itemprop="name">Opéra de Lyon</span></div>
  </div>
</div>
</body></html>`;

const CRLF = "\r\n";

export type MailPart = {
  type: string;
  body: string | Uint8Array;
  encoding?: "base64" | "quoted-printable" | "7bit";
  filename?: string;
};

/** Quoted-printable as mail programs write it: `=` escapes, soft line breaks at 76 characters. */
export function quotedPrintable(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let line = "";
  const lines: string[] = [];
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    const piece =
      byte === 10
        ? "\n"
        : (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32
          ? char
          : `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    if (piece === "\n") {
      lines.push(line);
      line = "";
      continue;
    }
    if (line.length + piece.length > 75) {
      lines.push(`${line}=`);
      line = "";
    }
    line += piece;
  }
  lines.push(line);
  return lines.join(CRLF);
}

function encode(part: MailPart): string {
  const bytes = typeof part.body === "string" ? new TextEncoder().encode(part.body) : part.body;
  switch (part.encoding ?? "base64") {
    case "base64":
      return (
        Buffer.from(bytes)
          .toString("base64")
          .match(/.{1,76}/g) ?? []
      ).join(CRLF);
    case "quoted-printable":
      return quotedPrintable(new TextDecoder().decode(bytes));
    case "7bit":
      return new TextDecoder().decode(bytes);
  }
}

/** An e-mail (.eml) with the given parts in one multipart/mixed body. */
export function buildMail(parts: MailPart[], subject = "Your booking confirmation"): string {
  const boundary = "=_boundary_4f1c";
  const head = [
    "From: Bookings <bookings@rail.example>",
    "To: ada@example.com",
    `Subject: ${subject}`,
    "Date: Mon, 23 Nov 2026 10:00:00 +0000",
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ].join(CRLF);
  const body = parts
    .map((part) => {
      const headers = [
        `Content-Type: ${part.type}${part.type.startsWith("text/") ? "; charset=utf-8" : ""}${part.filename ? `; name="${part.filename}"` : ""}`,
        `Content-Transfer-Encoding: ${part.encoding ?? "base64"}`,
        ...(part.filename ? [`Content-Disposition: attachment; filename="${part.filename}"`] : []),
      ].join(CRLF);
      return `--${boundary}${CRLF}${headers}${CRLF}${CRLF}${encode(part)}${CRLF}`;
    })
    .join("");
  return `${head}${CRLF}${CRLF}${body}--${boundary}--${CRLF}`;
}

/** A calendar with one VEVENT in Europe/Paris (with its VTIMEZONE) and one in UTC. */
export const CALENDAR_ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Rail Example//Bookings//EN",
  "BEGIN:VTIMEZONE",
  "TZID:Romance Standard Time",
  "BEGIN:STANDARD",
  "DTSTART:16011028T030000",
  "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010325T020000",
  "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
  "BEGIN:VEVENT",
  "UID:museum-1@example",
  "DTSTAMP:20261120T100000Z",
  "DTSTART;TZID=Romance Standard Time:20261229T100000",
  "DTEND;TZID=Romance Standard Time:20261229T120000",
  "SUMMARY:Musée des Confluences guided tour",
  "LOCATION:Musée des Confluences\\, Lyon",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:train-1@example",
  "DTSTAMP:20261120T100000Z",
  "DTSTART;TZID=Europe/Paris:20270101T170400",
  "DTEND;TZID=Europe/Paris:20270101T190100",
  "SUMMARY:Train TGV 6614: Lyon Part-Dieu → Paris Gare de Lyon",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:dinner-1@example",
  "DTSTAMP:20261120T100000Z",
  "DTSTART:20261230T180000Z",
  "SUMMARY:Dinner at Les Halles",
  "LOCATION:Les Halles Paul Bocuse\\, Lyon",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

export const BOARDING_PASS_JSON = {
  formatVersion: 1,
  passTypeIdentifier: "pass.com.airline.boarding",
  serialNumber: "ABC123",
  teamIdentifier: "TEAM1",
  organizationName: "Air France",
  description: "Boarding pass",
  relevantDate: "2026-12-28T09:10:00+00:00",
  boardingPass: {
    transitType: "PKTransitTypeAir",
    headerFields: [{ key: "flight", label: "FLIGHT", value: "AF1234" }],
    primaryFields: [
      { key: "origin", label: "London", value: "LHR" },
      { key: "destination", label: "Lyon", value: "LYS" },
    ],
    auxiliaryFields: [
      { key: "seat", label: "SEAT", value: "14C" },
      { key: "confirmation", label: "BOOKING", value: "RXJ34P" },
    ],
  },
};

/** A .pkpass: pass.json with images and a signature, as Wallet ships it. */
export function buildPkpass(
  pass: unknown = BOARDING_PASS_JSON,
  extra: Record<string, Uint8Array> = {},
) {
  return zipSync({
    "pass.json": strToU8(JSON.stringify(pass)),
    "icon.png": new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    manifest: strToU8("{}"),
    signature: new Uint8Array(64),
    ...extra,
  });
}

/** A zip bomb: 40 MB of zeros, a few tens of KB packed. */
export function buildZipBomb() {
  return zipSync({ "pass.json": new Uint8Array(40 * 1024 * 1024) }, { level: 9 });
}

/** A one-page PDF whose text layer holds `lines` (Helvetica, one line each). */
export function buildPdf(lines: string[]): Uint8Array {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = [
    "BT",
    "/F1 12 Tf",
    "14 TL",
    "50 780 Td",
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
