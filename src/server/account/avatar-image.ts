import { MESSAGES } from "#shared/messages.ts";
import { AppError } from "../lib/http-errors.ts";

/** Raster formats we decode; SVG (script), HEIC, TIFF, PDF and everything else are refused. */
const ACCEPTED_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
/** Decompression-bomb guard: a 2 MB PNG can claim billions of pixels; real photos stay far below. */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;
export const AVATAR_SIZE_PX = 256;

const notAnImage = () => new AppError(415, "unsupported_media_type", MESSAGES.avatarNotImage);

/**
 * Checks the bytes (not the name or declared type) and re-encodes them as a square WebP.
 * Re-encoding drops every piece of metadata (EXIF, GPS, ICC comments) and any payload smuggled
 * after the image data; the EXIF orientation is applied first so photos stay upright.
 */
export async function reencodeAvatar(bytes: Uint8Array): Promise<Buffer> {
  // Loaded with the first upload, not at start-up: together about 40 MB that most processes never use.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import("file-type"),
    import("sharp"),
  ]);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime)) throw notAnImage();

  let metadata;
  try {
    // Reads the header only, so the claimed size can be refused before anything is decoded.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const { width = 0, height = 0 } = metadata;
  if (width === 0 || height === 0) throw notAnImage();
  if (width * height > AVATAR_MAX_INPUT_PIXELS) {
    throw new AppError(
      422,
      "image_too_large",
      `Image dimensions are too large (at most ${AVATAR_MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
    );
  }
  try {
    // limitInputPixels again: a second line of defence should the header and the data disagree.
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

/** `avatars/{userId}/{timestamp}-{name}`: the original name, reduced to safe ASCII, as .webp. */
export function avatarKey(userId: string, timestamp: number, originalName: string): string {
  const stem =
    originalName
      .replace(/^.*[\\/]/, "")
      .replace(/\.[^.]*$/, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 60) || "avatar";
  return `${avatarFolder(userId)}${timestamp}-${stem}.webp`;
}

export const avatarFolder = (userId: string) => `avatars/${userId}/`;
