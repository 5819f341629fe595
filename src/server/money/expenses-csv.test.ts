import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, neutralise, toCsv } from "./expenses-csv.ts";

/** An RFC 4180 reader, the way a spreadsheet splits a file into cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("CSV injection", () => {
  it("a cell starting with = + - @ gets a leading apostrophe", () => {
    expect(neutralise("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(neutralise("+33 1 23")).toBe("'+33 1 23");
    expect(neutralise("-5")).toBe("'-5");
    expect(neutralise("@cmd")).toBe("'@cmd");
    expect(neutralise("\t=1")).toBe("'\t=1");
    expect(neutralise("Dinner = good")).toBe("Dinner = good");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("any text reads back as one cell that no spreadsheet runs", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 4,
        }),
        (rows) => {
          const back = parseCsv(toCsv(rows));
          expect(back).toHaveLength(rows.length);
          back.forEach((row, r) =>
            row.forEach((cell, c) => {
              expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
              expect(cell).toBe(neutralise(rows[r]?.[c] ?? ""));
            }),
          );
        },
      ),
    );
  });
});
