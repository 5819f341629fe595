/**
 * What a link says about a place without fetching it (issue 49): a Google Maps or OpenStreetMap
 * address carries the place's name and often its coordinates; any other website gives its name from
 * the address. Pure and zod-free: the idea form fills its fields with it as the link is typed, and
 * the server fills what the request left out.
 */
export type LinkReading = {
  title: string | null;
  point: { lat: number; lng: number } | null;
  /** "node/123" for an OpenStreetMap element's address. */
  osmId: string | null;
};

const NOTHING: LinkReading = { title: null, point: null, osmId: null };

const COORDS = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

function pointOf(lat: number, lng: number): { lat: number; lng: number } | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const pointFromText = (text: string | null) => {
  const m = text ? COORDS.exec(text) : null;
  return m ? pointOf(Number(m[1]), Number(m[2])) : null;
};

/** "Mus%C3%A9e+Rodin" → "Musée Rodin"; a malformed escape is kept as written. */
function words(segment: string): string {
  let text = segment.replace(/\+/g, " ");
  try {
    text = decodeURIComponent(text);
  } catch {
    // kept as written
  }
  return text.replace(/\s+/g, " ").trim();
}

const clip = (text: string) => (text.length > 200 ? text.slice(0, 200).trimEnd() : text);

const titleOrNull = (text: string | null | undefined) => {
  if (!text) return null;
  const clean = clip(words(text));
  // A bare pair of coordinates is where, not what.
  return clean && !COORDS.test(clean) ? clean : null;
};

function readGoogle(url: URL): LinkReading {
  const path = url.pathname;
  // The place itself (`!3d<lat>!4d<lng>` in the data part) before the view's centre (`@lat,lng`).
  const exact = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/.exec(url.href);
  const view = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(path);
  const placeName = /\/maps\/(?:place|search)\/([^/@]+)/.exec(path)?.[1];
  const query = url.searchParams.get("query") ?? url.searchParams.get("q");
  const point =
    (exact && pointOf(Number(exact[1]), Number(exact[2]))) ??
    pointFromText(query) ??
    (placeName ? pointFromText(words(placeName)) : null) ??
    (view && pointOf(Number(view[1]), Number(view[2])));
  return { title: titleOrNull(placeName) ?? titleOrNull(query), point, osmId: null };
}

function readOsm(url: URL): LinkReading {
  const element = /^\/(node|way|relation)\/([1-9]\d{0,18})/.exec(url.pathname);
  const mlat = url.searchParams.get("mlat");
  const mlon = url.searchParams.get("mlon");
  const map = /map=\d+\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(url.hash);
  const point =
    (mlat && mlon ? pointOf(Number(mlat), Number(mlon)) : null) ??
    (map ? pointOf(Number(map[1]), Number(map[2])) : null);
  return {
    title: titleOrNull(url.searchParams.get("query")),
    point,
    osmId: element ? `${element[1]}/${element[2]}` : null,
  };
}

/** "www.musee-rodin.fr/en/visit" → "Visit (musee-rodin.fr)"; the bare host when the path says nothing. */
function readWebsite(url: URL): LinkReading {
  const host = url.hostname.replace(/^www\./, "");
  const last = url.pathname
    .split("/")
    .filter(Boolean)
    .pop()
    ?.replace(/\.(html?|php|aspx?)$/i, "");
  const slug = last && !/^\d+$/.test(last) ? words(last.replace(/[-_]+/g, " ")) : "";
  const title = slug ? `${slug.charAt(0).toUpperCase()}${slug.slice(1)} (${host})` : host;
  return { title: clip(title), point: null, osmId: null };
}

export function readIdeaLink(link: string): LinkReading {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return NOTHING;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return NOTHING;
  const host = url.hostname.toLowerCase();
  const google =
    /(^|\.)google\.[a-z.]+$/.test(host) &&
    (host.startsWith("maps.") || url.pathname.startsWith("/maps"));
  if (google) return readGoogle(url);
  if (/(^|\.)openstreetmap\.org$/.test(host) || host === "osm.org") return readOsm(url);
  return readWebsite(url);
}
