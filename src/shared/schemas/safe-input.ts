import { z } from "zod";

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A control character (C0, DEL, C1) other than tab, line feed and carriage return. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/**
 * PostgreSQL cannot store a NUL in text, and a lone surrogate is not a character at all (it turns into
 * U+FFFD or an encoding error on the way to the database or the model). The other control characters
 * (ESC, VT, DEL, the C1 range) are not text either: they steer terminals and break the formats we
 * write, an iCalendar file among them. No person types any of them (tab and line breaks are kept),
 * so they are refused with a message before anything else happens.
 */
export const isStorableText = (text: string) => !CONTROL.test(text) && !LONE_SURROGATE.test(text);

export const unstorableTextMessage = (label = "Text") =>
  `${label} contains characters that are not allowed`;

/**
 * `z.string()` that first refuses control characters and lone surrogates (`abort` keeps the later
 * checks of the chain, trim, min and max, from reporting on text that is refused anyway). Use it for
 * every text a client sends, in bodies and query strings alike.
 */
export const safeText = (label?: string, params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: unstorableTextMessage(label), abort: true });

/** PostgreSQL's `date` has no year 0, and years past 9999 do not fit YYYY-MM-DD. */
export const MIN_DATE = "1900-01-01";
export const MAX_DATE = "9999-12-31";

/** A real calendar date (YYYY-MM-DD) between MIN_DATE and MAX_DATE. */
export const storableDate = (label: string) =>
  z.iso
    .date(`${label} must be a valid date`)
    .refine((date) => date >= MIN_DATE && date <= MAX_DATE, {
      message: `${label} must be between ${MIN_DATE} and ${MAX_DATE}`,
    });
