import type { Context } from "hono";
import { PLACES_IMPORT_MAX_FILES, PLACES_IO_MESSAGES } from "#shared/schemas/places-io.ts";
import type { PlacesFile } from "../places-io/import-preview.ts";
import type { PlacesImportError } from "../places-io/places-import-error.ts";
import { AppError } from "../lib/http-errors.ts";
import type { AppBindings } from "./context.ts";

/** The multipart `file` parts of a saved-places import, in memory only (app.ts bounds the body). */
export async function placesFilesOf(c: Context<AppBindings>): Promise<PlacesFile[]> {
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? ""))
    throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.noFile);
  const body = await c.req.parseBody({ all: true });
  const files: PlacesFile[] = [];
  for (const value of [body.file ?? []].flat()) {
    if (typeof value === "string") continue;
    files.push({
      name: value.name.slice(0, 200) || "file",
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  if (files.length === 0) throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.noFile);
  if (files.length > PLACES_IMPORT_MAX_FILES)
    throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.tooManyFiles);
  return files;
}

/** A refused file: 422, the message naming it, the file in `issues`. */
export const placesFileRefusal = (c: Context<AppBindings>, error: PlacesImportError) =>
  c.json(
    {
      error: {
        code: "invalid_input",
        message: error.message,
        issues: [{ path: error.file, message: error.message }],
      },
    },
    422,
  );
